import { calendarFeed } from "~/server/booking/notices/calendar-feed.server";
import { servicesContext } from "~/server/context";
import type { Route } from "./+types/calendar-feed";

/**
 * GET /calendar/{token}.ics: the salon's or a staff member's appointments as an iCalendar feed, for
 * Google, Apple or Outlook calendars to subscribe to. The token is the only key; an unknown one is
 * a plain 404. It holds clients' details: no shared cache may keep it.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const token = /^(.+)\.ics$/.exec(params.feed)?.[1];
  const feed = token ? await calendarFeed(services.db, services.content, token, services) : null;
  if (feed === null) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(feed, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="appointments.ics"',
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
