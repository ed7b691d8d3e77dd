import { data } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { siteBookingLinks } from "~/server/booking/notices/manage-link.server";
import { leaveView, leaveWaitlist } from "~/server/booking/waitlist/waitlist.server";
import { WAITLIST_MESSAGES } from "~/lib/booking/waitlist";
import { servicesContext } from "~/server/context";
import { NO_STORE } from "~/routes/site/waitlist.server";
import type { Route } from "./+types/waitlist-leave";

/**
 * /waitlist/leave/{key}.{signature}: the link in every waiting-list e-mail. Opening it changes
 * nothing (mail scanners open links); the button leaves the list, and frees a time held for them.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, content, env } = context.get(servicesContext);
  const view = await leaveView(db, content, env.sessionSecret, params.token);
  if (!view) throw data(WAITLIST_MESSAGES.leaveNotFound, { status: 404, headers: NO_STORE });
  return data(view, { headers: NO_STORE });
}

export async function action({ params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const left = await leaveWaitlist(services.db, siteBookingLinks(services), params.token);
  if (!left) throw data(WAITLIST_MESSAGES.leaveNotFound, { status: 404, headers: NO_STORE });
  return data({ message: WAITLIST_MESSAGES[left] }, { headers: NO_STORE });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export const meta: Route.MetaFunction = () => [
  { title: "Leave the waiting list" },
  { name: "robots", content: "noindex" },
];

export default function WaitlistLeave({ loaderData: entry, actionData }: Route.ComponentProps) {
  const what = entry.option && entry.option !== entry.service ? `${entry.service} — ${entry.option}` : entry.service;
  return (
    <section className="mx-auto w-full max-w-2xl px-6 py-16 sm:py-24">
      <p className="eyebrow text-accent">Waiting list · {what}</p>
      <h1 className="mt-4 text-4xl leading-tight font-normal sm:text-5xl">Leave the waiting list</h1>
      {actionData ? (
        <p role="status" className="mt-8 border-l-2 border-accent bg-accent-soft px-4 py-3 text-sm">
          {actionData.message}
        </p>
      ) : entry.onTheList ? (
        <form method="post" className="mt-8 flex flex-col gap-4">
          <p className="leading-relaxed">
            {entry.firstName ? `${entry.firstName}, you` : "You"} are on our waiting list for {what}. Leave it, and we
            no longer e-mail you when a time opens.
          </p>
          <p>
            <button type="submit" className={buttonVariants({ size: "lg" })}>
              Leave the waiting list
            </button>
          </p>
        </form>
      ) : (
        <p role="status" className="mt-8 leading-relaxed">
          {WAITLIST_MESSAGES.alreadyOff}
        </p>
      )}
    </section>
  );
}
