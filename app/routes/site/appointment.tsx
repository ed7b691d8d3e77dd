import { data } from "react-router";
import { NotBookableText } from "~/components/booking/not-bookable-text";
import { TimeChoices } from "~/components/booking/time-choices";
import { buttonVariants } from "~/components/ui/button";
import { LAPSE_REASONS, MANAGE_MESSAGES } from "~/lib/booking/messages";
import type { BookingOutcome } from "~/lib/booking/model";
import { formatInZone } from "~/lib/dates";
import { TimeZoneNote } from "~/components/booking/time-zone-note";
import { telHref } from "~/lib/phone";
import {
  acceptProposal,
  cancelByClient,
  clientBookingView,
  declineProposal,
  moveByClient,
} from "~/server/booking/commands/client-actions.server";
import { siteBookingLinks } from "~/server/booking/notices/manage-link.server";
import { bookingRefusal } from "~/server/booking/engine/reserve.server";
import { servicesContext } from "~/server/context";
import type { Route } from "./+types/appointment";
import { readForm } from "~/server/http/read-form.server";
import { ReplyNotice } from "~/components/ui/reply-notice";
import { formLimitRefusal } from "~/server/booking/commands/book-online.server";
import { RATE_LIMIT_MESSAGE } from "~/server/forms/submit-form.server";

const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

const STATUS_TEXT = {
  requested: { label: "Requested", text: "We have your request and will confirm it shortly by e-mail." },
  proposed: {
    label: "New time proposed",
    text: "The time you asked for is not free, so we propose the time above. Please accept or decline it below.",
  },
  confirmed: { label: "Confirmed", text: "Your appointment is confirmed. We look forward to seeing you." },
  offered: {
    label: "Held for you",
    text: "This time is held for you from our waiting list. Take it from the link in your e-mail.",
  },
  declined: { label: "Declined", text: "We could not take this booking." },
  cancelled: { label: "Cancelled", text: "This booking is cancelled." },
  expired: {
    label: "Expired",
    text: "We could not answer this request in time, so its time is no longer held. Please book another time.",
  },
} as const;

/** What became of the appointment, once it has an outcome: said instead of its status. */
function outcomeText(outcome: BookingOutcome, cutoffHours: number) {
  if (outcome === "completed")
    return { label: "Completed", text: "Thank you for your visit. We hope to see you again soon." };
  if (outcome === "no_show")
    return {
      label: "Missed",
      text: "We did not see you at this appointment, so it is recorded as missed. If that is wrong, please call us.",
    };
  return {
    label: "Cancelled late",
    text:
      cutoffHours > 0
        ? `This booking was cancelled less than ${cutoffHours} ${cutoffHours === 1 ? "hour" : "hours"} before it, so it counts as a late cancellation.`
        : "This booking was cancelled after it began, so it counts as a late cancellation.",
  };
}

/** A time the salon proposed that the client did not answer in time. */
const LAPSED_PROPOSAL = {
  label: "Expired",
  text: "We did not hear from you about the time we proposed, so it is no longer held. Please book another time.",
};

/**
 * /appointment/{secret}: the client's own booking, reached from the link in their e-mail without
 * signing in. They can cancel it or move it to another free time until the cancellation cutoff;
 * after that the page gives the salon's phone number. Plain HTML forms: it works without JavaScript.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, content, env } = context.get(servicesContext);
  // Another day's free times, when the client asked for them (?date=YYYY-MM-DD).
  const asked = new URL(request.url).searchParams.get("date") ?? "";
  const view = await clientBookingView(db, content, env.sessionSecret, params.token, asked);
  if (!view) throw data(MANAGE_MESSAGES.notFound, { status: 404, headers: NO_STORE });
  return data(view, { headers: NO_STORE });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { db, content } = services;
  const links = siteBookingLinks(services);
  // Each change e-mails the client and the salon: a link held by a script could flood both.
  const limited = await formLimitRefusal(context);
  if (limited)
    return data(
      { ok: false, message: RATE_LIMIT_MESSAGE },
      { status: 429, headers: { ...NO_STORE, "Retry-After": String(limited.retryAfterSeconds) } },
    );
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  // The commands announce their change themselves (links.onChange).
  const changed = (message: string) => data({ ok: true, message }, { headers: NO_STORE });
  try {
    if (intent === "cancel") {
      await cancelByClient(db, content, links, params.token);
      return changed(MANAGE_MESSAGES.cancelled);
    }
    if (intent === "accept-proposal") {
      await acceptProposal(db, content, links, params.token);
      return changed(MANAGE_MESSAGES.accepted);
    }
    if (intent === "decline-proposal") {
      await declineProposal(db, content, links, params.token);
      return changed(MANAGE_MESSAGES.proposalDeclined);
    }
    if (intent === "move") {
      const start = Date.parse(String(form.get("start") ?? ""));
      if (Number.isNaN(start))
        return data({ ok: false, message: "Choose a new time." }, { status: 400, headers: NO_STORE });
      await moveByClient(db, content, links, params.token, start);
      return changed(MANAGE_MESSAGES.moved);
    }
  } catch (error) {
    const refusal = bookingRefusal(error);
    if (!refusal) throw error;
    return data({ ok: false, message: refusal.message }, { status: refusal.status, headers: NO_STORE });
  }
  return data({ ok: false, message: "Unknown action." }, { status: 400, headers: NO_STORE });
}

export const meta: Route.MetaFunction = () => [{ title: "Your appointment" }, { name: "robots", content: "noindex" }];

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export default function Appointment({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, changeable, proposal, phone, timeZone, day, date } = loaderData;
  const lapsedProposal = booking.status === "expired" && booking.reason === LAPSE_REASONS.proposal;
  const status = booking.outcome
    ? outcomeText(booking.outcome, loaderData.cutoffHours)
    : lapsedProposal
      ? LAPSED_PROPOSAL
      : STATUS_TEXT[booking.status];
  const when = formatInZone(booking.startsAt, timeZone, "EEEE, MMMM d, yyyy");
  const time = `${formatInZone(booking.startsAt, timeZone, "h:mm a")} – ${formatInZone(booking.endsAt, timeZone, "h:mm a")}`;
  return (
    <section className="mx-auto w-full max-w-2xl px-6 py-16 sm:py-24">
      <p className="eyebrow text-accent">Your appointment</p>
      <h1 className="mt-4 text-4xl leading-tight font-normal sm:text-5xl">
        {booking.firstName ? `${booking.firstName}, here is your booking` : "Your booking"}
      </h1>

      {actionData && <ReplyNotice ok={actionData.ok}>{actionData.message}</ReplyNotice>}

      <dl className="mt-10 grid gap-x-8 gap-y-5 border-y border-foreground/10 py-8 sm:grid-cols-[10rem_1fr]">
        <dt className="eyebrow text-muted-foreground">Service</dt>
        <dd>
          {booking.service}
          {booking.option && booking.option !== booking.service ? ` — ${booking.option}` : ""}
        </dd>
        <dt className="eyebrow text-muted-foreground">Date</dt>
        <dd>
          <time dateTime={booking.startsAt}>{when}</time>
        </dd>
        <dt className="eyebrow text-muted-foreground">Time</dt>
        <dd>
          {time}
          <TimeZoneNote timeZone={timeZone} className="mt-1" />
        </dd>
        {booking.status === "proposed" && booking.requestedStartsAt && (
          <>
            <dt className="eyebrow text-muted-foreground">You asked for</dt>
            <dd>
              <time dateTime={booking.requestedStartsAt}>
                {formatInZone(booking.requestedStartsAt, timeZone, "EEEE, MMMM d, h:mm a")}
              </time>
            </dd>
          </>
        )}
        {booking.staff && (
          <>
            <dt className="eyebrow text-muted-foreground">With</dt>
            <dd>{booking.staff}</dd>
          </>
        )}
        <dt className="eyebrow text-muted-foreground">Status</dt>
        <dd>
          <strong className="font-medium">{status.label}</strong>
          <span className="block text-sm text-muted-foreground">
            {status.text}
            {/* The status text already says why a booking was cancelled by its client or expired. */}
            {booking.reason && booking.status !== "cancelled" && booking.status !== "expired"
              ? ` ${booking.reason}`
              : ""}
          </span>
        </dd>
      </dl>

      {loaderData.bookAgain && (
        <div className="mt-10">
          <a href={loaderData.bookAgain.path} className={buttonVariants()}>
            Book again
          </a>
          <p className="mt-3 text-sm text-muted-foreground">
            {loaderData.bookAgain.services > 1
              ? "The same services, at a day and time you choose."
              : "The same service, at a day and time you choose."}
          </p>
          {loaderData.bookAgain.notes.length > 0 && (
            <ul className="mt-3 flex flex-col gap-1 text-sm" data-book-again-notes>
              {loaderData.bookAgain.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
        </div>
      )}

      {proposal && (
        <div className="mt-14">
          <h2 className="text-2xl font-normal">Does the new time suit you?</h2>
          <p className="mt-3 text-sm text-muted-foreground">
            Accept it and your appointment is confirmed. Decline it and your booking is cancelled; you can book another
            time online or call us.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <form method="post">
              <input type="hidden" name="intent" value="accept-proposal" />
              <button type="submit" className={buttonVariants()}>
                Accept the new time
              </button>
            </form>
            <form method="post">
              <input type="hidden" name="intent" value="decline-proposal" />
              <button type="submit" className={buttonVariants({ variant: "outline" })}>
                Decline it
              </button>
            </form>
          </div>
        </div>
      )}

      {changeable ? (
        <>
          <h2 className="mt-14 text-2xl font-normal">Move to another time</h2>
          {!loaderData.movableOnline ? (
            <div className="mt-5">
              <NotBookableText service={booking.service} phone={phone} />
            </div>
          ) : (
            <>
              <form method="get" className="mt-5 flex flex-wrap items-end gap-3">
                <label className="flex flex-col gap-2 text-sm">
                  <span>Day</span>
                  <input
                    type="date"
                    name="date"
                    defaultValue={date}
                    min={loaderData.minDate}
                    max={loaderData.maxDate}
                    required
                    className="h-11 border border-foreground/25 bg-transparent px-3"
                  />
                </label>
                <button type="submit" className={buttonVariants({ variant: "outline" })}>
                  Show free times
                </button>
              </form>
              {day && (
                <form method="post" className="mt-6">
                  <input type="hidden" name="intent" value="move" />
                  <fieldset>
                    <legend className="text-sm text-muted-foreground">
                      Free times on {formatInZone(`${date}T12:00:00Z`, "UTC", "EEEE, MMMM d")}
                    </legend>
                    {day.closed || day.slots.length === 0 ? (
                      <p className="mt-3 text-sm">
                        {day.closed ? "We are closed that day." : "No free times that day."} Please choose another day.
                      </p>
                    ) : (
                      <>
                        <TimeChoices slots={day.slots} timeZone={timeZone} />
                        <TimeZoneNote timeZone={timeZone} className="mt-3" />
                      </>
                    )}
                  </fieldset>
                  {!day.closed && day.slots.length > 0 && (
                    <button type="submit" className={`${buttonVariants()} mt-5`}>
                      Move my appointment
                    </button>
                  )}
                </form>
              )}
            </>
          )}

          <details className="mt-14 border-t border-foreground/10 pt-8">
            <summary className="cursor-pointer text-sm underline decoration-accent/60 underline-offset-4">
              Cancel this appointment
            </summary>
            <form method="post" className="mt-5">
              <input type="hidden" name="intent" value="cancel" />
              <p className="text-sm text-muted-foreground">The time goes back to other clients at once.</p>
              <button type="submit" className={`${buttonVariants({ variant: "destructive" })} mt-4`}>
                Yes, cancel my appointment
              </button>
            </form>
          </details>
        </>
      ) : (
        !proposal &&
        ["requested", "proposed", "confirmed"].includes(booking.status) && (
          <p className="mt-10 text-sm leading-relaxed">
            {MANAGE_MESSAGES.pastCutoff.replace("Please call us.", "")}
            Please call us at{" "}
            <a href={telHref(phone)} className="underline decoration-accent/60 underline-offset-4">
              {phone}
            </a>
            .
          </p>
        )
      )}
    </section>
  );
}
