import { data, type RouterContextProvider } from "react-router";
import { addLocalDays, localDate, parseLocalDate } from "~/lib/booking/availability";
import { waitlistRequestSchema } from "~/lib/booking/waitlist";
import { fieldErrorsOf } from "~/lib/forms/field-errors";
import { HONEYPOT_FIELD } from "~/lib/forms/honeypot";
import type { AppServices } from "~/server/app-services";
import { findBookableService } from "~/server/booking/engine/catalog.server";
import { bookableResources, staffRoster } from "~/server/booking/engine/resources.server";
import { loadBookingRules } from "~/server/booking/model.server";
import { siteBookingLinks } from "~/server/booking/notices/manage-link.server";
import { joinWaitlist } from "~/server/booking/waitlist/waitlist.server";
import { servicesContext } from "~/server/context";
import { RATE_LIMIT_MESSAGE } from "~/server/forms/submit-form.server";
import { readForm } from "~/server/http/read-form.server";
import { formLimitRefusal } from "~/server/booking/commands/book-online.server";

export const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

/**
 * What /waitlist?service=&option=&date=&staff= shows: the service's options, the people who do it
 * and the wished days, first filled in from the day the visitor looked at. Null for a service
 * that is not booked online.
 */
export async function waitlistPageData(services: Pick<AppServices, "db" | "content">, request: Request) {
  const search = new URL(request.url).searchParams;
  const service = await findBookableService(services.content, search.get("service") ?? "");
  if (!service) return null;
  const [{ rules }, roster] = await Promise.all([
    loadBookingRules(services.db, services.content),
    staffRoster(services.db),
  ]);
  const today = localDate(Date.now(), rules.timeZone);
  const lastDay = addLocalDays(today, rules.windowDays);
  const asked = search.get("date") ?? "";
  const day = parseLocalDate(asked) && asked >= today && asked <= lastDay ? asked : today;
  const people = bookableResources(roster, service.id).flatMap((r) =>
    r.staffId === null ? [] : [{ id: r.staffId, name: r.name }],
  );
  const staff = Number(search.get("staff"));
  return {
    service: { id: service.id, title: service.title },
    options: service.options.map((o) => ({ name: o.name, durationMinutes: o.durationMinutes })),
    option: service.options.find((o) => o.name === search.get("option"))?.name ?? service.options[0]?.name ?? "",
    people,
    staff: people.some((p) => p.id === staff) ? String(staff) : "any",
    fromDate: day,
    toDate: day,
    today,
    lastDay,
    timeZone: rules.timeZone,
  };
}

/**
 * The "Tell me if a time opens" post (works without JavaScript): within the public forms' rate
 * limit per client, checked, stored with its confirmation e-mail, then answered: the page says
 * what happens next, or shows the errors with what was typed.
 */
export async function waitlistAction(context: Readonly<RouterContextProvider>, request: Request) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const values: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    if (key === HONEYPOT_FIELD) continue;
    const all = form.getAll(key).map(String);
    values[key] = key === "dayParts" ? all : all[0];
  }
  const refuse = (status: number, message: string, fieldErrors: Record<string, string[]> = {}, headers = {}) =>
    data({ ok: false as const, message, fieldErrors, values }, { status, headers: { ...NO_STORE, ...headers } });
  const limited = await formLimitRefusal(context);
  if (limited) return refuse(429, RATE_LIMIT_MESSAGE, {}, { "Retry-After": String(limited.retryAfterSeconds) });
  const parsed = waitlistRequestSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return refuse(400, "Please check the highlighted fields.", fieldErrors);
  }
  // A filled hidden field is a robot's: it is answered like anyone, and nothing is stored.
  const robot = String(form.get(HONEYPOT_FIELD) ?? "") !== "";
  if (!robot) {
    const links = siteBookingLinks(services);
    const joined = await joinWaitlist(services.db, services.content, links, parsed.data);
    if (!joined.ok) return refuse(joined.status, joined.message, joined.fieldErrors);
    services.outbox.kick();
    // The waiting list's job looks at once: a time that fits the new wishes may be free already.
    links.onChange?.();
  }
  return data(
    { ok: true as const, email: parsed.data.email, fromDate: parsed.data.fromDate, toDate: parsed.data.toDate },
    { headers: NO_STORE },
  );
}
