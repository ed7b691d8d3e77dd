import { data } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { formatInZone, timeZoneName } from "~/lib/dates";
import { telHref } from "~/lib/phone";
import { bookingRefusal } from "~/server/booking/engine/reserve.server";
import { siteBookingLinks } from "~/server/booking/notices/manage-link.server";
import { declineOffer, offerView, takeOffer } from "~/server/booking/waitlist/waitlist.server";
import { WAITLIST_MESSAGES } from "~/lib/booking/waitlist";
import { servicesContext } from "~/server/context";
import { readForm } from "~/server/http/read-form.server";
import { NO_STORE } from "~/routes/site/waitlist.server";
import type { Route } from "./+types/waitlist-offer";
import { ReplyNotice } from "~/components/ui/reply-notice";

/**
 * /waitlist/offer/{key}.{signature}: a time freed for someone on the waiting list, held for them
 * for a short while. They take it (it becomes their booking) or decline it (the next in line is
 * asked). Plain forms: it works without JavaScript.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, content, env } = context.get(servicesContext);
  const view = await offerView(db, content, env.sessionSecret, params.token);
  if (!view) throw data(WAITLIST_MESSAGES.offerNotFound, { status: 404, headers: NO_STORE });
  return data(view, { headers: NO_STORE });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const links = siteBookingLinks(services);
  const intent = String((await readForm(request)).get("intent") ?? "");
  try {
    if (intent === "take") {
      const booking = await takeOffer(services.db, services.content, links, params.token);
      services.outbox.kick();
      return data({ ok: true as const, taken: booking.status }, { headers: NO_STORE });
    }
    if (intent === "decline") {
      await declineOffer(services.db, links, params.token);
      return data({ ok: true as const, taken: null, message: WAITLIST_MESSAGES.declined }, { headers: NO_STORE });
    }
  } catch (error) {
    const refusal = bookingRefusal(error);
    if (!refusal) throw error;
    return data({ ok: false as const, message: refusal.message }, { status: refusal.status, headers: NO_STORE });
  }
  return data({ ok: false as const, message: "Unknown action." }, { status: 400, headers: NO_STORE });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export const meta: Route.MetaFunction = () => [{ title: "A time has opened" }, { name: "robots", content: "noindex" }];

const STATE_TEXT = {
  lapsed: WAITLIST_MESSAGES.offerLapsed,
  gone: WAITLIST_MESSAGES.offerOffList,
  taken: WAITLIST_MESSAGES.offerTaken,
  declined: WAITLIST_MESSAGES.declined,
} as const;

export default function WaitlistOffer({ loaderData: offer, actionData }: Route.ComponentProps) {
  const zone = timeZoneName(offer.timeZone, new Date(offer.startsAt));
  const when = formatInZone(offer.startsAt, offer.timeZone, "EEEE, MMMM d, yyyy");
  const time = `${formatInZone(offer.startsAt, offer.timeZone, "h:mm a")} – ${formatInZone(offer.endsAt, offer.timeZone, "h:mm a")}`;
  const heldUntil = formatInZone(offer.heldUntil, offer.timeZone, "EEEE, MMMM d 'at' h:mm a");
  return (
    <section className="mx-auto w-full max-w-2xl px-6 py-16 sm:py-24">
      <p className="eyebrow text-accent">Waiting list</p>
      <h1 className="mt-4 text-4xl leading-tight font-normal sm:text-5xl">
        {offer.firstName ? `${offer.firstName}, a time has opened` : "A time has opened"}
      </h1>

      {actionData && (
        <ReplyNotice ok={actionData.ok}>
          {actionData.ok
            ? actionData.taken === "confirmed"
              ? "Your appointment is booked. We have e-mailed you the details and the link to change it."
              : actionData.taken
                ? "The time is yours while we confirm it; the details are in your inbox now."
                : actionData.message
            : actionData.message}
        </ReplyNotice>
      )}

      <dl className="mt-10 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 border-y border-border py-6 text-base">
        <dt className="text-muted-foreground">Service</dt>
        <dd>{offer.what}</dd>
        {offer.staff && (
          <>
            <dt className="text-muted-foreground">With</dt>
            <dd>{offer.staff}</dd>
          </>
        )}
        <dt className="text-muted-foreground">Date</dt>
        <dd>{when}</dd>
        <dt className="text-muted-foreground">Time</dt>
        <dd>
          {time} <span className="text-muted-foreground">({zone})</span>
        </dd>
      </dl>

      {offer.state === "open" && !actionData?.ok ? (
        <div className="mt-8 flex flex-col gap-4">
          <p className="leading-relaxed">
            We hold this time for you until {heldUntil} ({zone}). Take it and it is your booking
            {offer.instant ? "" : ", which we confirm by e-mail"}; let it go and we ask the next person on the list.
          </p>
          <form method="post" className="flex flex-col gap-3 sm:flex-row">
            <button type="submit" name="intent" value="take" className={buttonVariants({ size: "lg" })}>
              {offer.instant ? "Book this time" : "Take this time"}
            </button>
            <button
              type="submit"
              name="intent"
              value="decline"
              className={buttonVariants({ variant: "outline", size: "lg" })}
            >
              No, thank you
            </button>
          </form>
        </div>
      ) : (
        !actionData && (
          <p role="status" className="mt-8 leading-relaxed">
            {STATE_TEXT[offer.state === "open" ? "gone" : offer.state]}
          </p>
        )
      )}

      {offer.manageToken && (
        <p className="mt-8">
          <a href={`/appointment/${offer.manageToken}`} className={buttonVariants({ variant: "outline" })}>
            View or change your booking
          </a>
        </p>
      )}

      <p className="mt-10 text-sm text-muted-foreground">
        Questions? Call us at{" "}
        <a href={telHref(offer.phone)} className="underline underline-offset-4">
          {offer.phone}
        </a>
        .
      </p>
    </section>
  );
}
