import { data } from "react-router";
import { WaitlistForm } from "~/components/booking/waitlist-form";
import { BackLink } from "~/components/services/back-link";
import { NO_STORE, waitlistAction, waitlistPageData } from "~/routes/site/waitlist.server";
import { servicesContext } from "~/server/context";
import type { Route } from "./+types/waitlist";

/**
 * /waitlist?service=&option=&date=&staff=: "Tell me if a time opens", reached from a day with no
 * fitting time on a booking page. The form posts to the page (no JavaScript needed); never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await waitlistPageData(context.get(servicesContext), request);
  if (!page) throw data("That service cannot be booked online.", { status: 404, headers: NO_STORE });
  return data(page, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  return waitlistAction(context, request);
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export const meta: Route.MetaFunction = () => [
  { title: "Tell me if a time opens" },
  { name: "robots", content: "noindex" },
];

export default function WaitlistPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto w-full max-w-2xl px-6 py-12 sm:py-20">
      <BackLink href={`/book/${loaderData.service.id}`}>Back to the free times</BackLink>
      <p className="mt-8 eyebrow text-accent">Waiting list · {loaderData.service.title}</p>
      <h1 className="mt-4 text-4xl leading-tight font-normal sm:text-5xl">Tell me if a time opens</h1>
      <p className="mt-4 leading-relaxed text-muted-foreground">
        No time fits? Tell us the days and times that suit you. If one opens — someone cancels or moves — we e-mail the
        first on the list a link that holds it for them for a short while.
      </p>
      <div className="mt-10">
        <WaitlistForm data={loaderData} reply={actionData} />
      </div>
    </section>
  );
}
