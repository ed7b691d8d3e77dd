import {
  CheckboxField,
  ErrorList,
  PublicForm,
  SubmitButton,
  TextareaField,
  type FormMessages,
} from "~/components/forms";
import { buttonVariants } from "~/components/ui/button";
import { BOOKING_FORM_TEXT as T } from "~/content/bookings";
import { bookingRequestSchema } from "~/lib/booking/booking-request";
import { visitPersonValue } from "~/lib/booking/visit-form";
import type { LiveBookingData, LiveBookingReply } from "~/lib/booking/live-booking";
import { formatInZone } from "~/lib/dates";
import { CancellationPolicy, ClientDetailsFields } from "./booking-form";
import { DayStrip, dayLabel } from "./day-strip";
import { TimeChoices } from "./time-choices";
import { TimeZoneNote } from "./time-zone-note";
import { WaitlistLink } from "./waitlist-form";
import { AddServiceControl, VisitHiddenFields } from "./add-service";
import { FormHeading } from "./form-heading";
import { NotBookableText } from "./not-bookable-text";

export type { LiveBookingData, LiveBookingReply, LiveDay } from "~/lib/booking/live-booking";

/**
 * How a service page words a booking that went through (its success toast's words): `requested`
 * while the salon confirms, `confirmed` when it confirmed at once. {service} is `service`.
 */
export interface BookedWording {
  service: string;
  requested: { title: string; description: string };
  confirmed: { title: string; description: string };
}

/** The page for another day, keeping the option, the person and the visit's further services. */
const pageLink = (data: LiveBookingData, date: string) => {
  const query = new URLSearchParams({
    option: data.option,
    ...(data.staffId ? { staff: String(data.staffId) } : {}),
    date,
  });
  for (const c of data.visit?.chosen ?? []) query.append("also", c.value);
  for (const c of data.visit?.chosen ?? [])
    if (c.staffId !== null) query.append("with", visitPersonValue(c, c.staffId));
  return `?${query.toString()}#book-times`;
};

const SELECT_CLASS = "h-12 min-w-0 border border-input bg-surface px-3 text-base font-normal";

/**
 * Booking a real free time on /book/{id} and the service pages, as plain HTML: the option and the
 * person are a GET form and the days are links (the page renders that day's free times), the time is
 * a radio button, and the booking posts to the page. app/enhance/features/live-booking.ts fetches
 * the times in place instead of loading the page, when JavaScript runs.
 *
 * Its parts, top to bottom: what (option, person), when (days, times, the zone), who (the client's
 * details), then the policy and the button; a part another feature adds goes between them.
 */
export function LiveBookingForm({
  data,
  reply,
  messages,
  wording,
}: {
  data: LiveBookingData;
  reply?: LiveBookingReply;
  messages: FormMessages;
  /** A service page's own words for the result; /book/{id} says it its way. */
  wording?: BookedWording;
}) {
  if (reply?.ok) return <Booked reply={reply} timeZone={data.timeZone} wording={wording} />;
  if (data.unavailable) return <NotBookable {...data.unavailable} />;
  const failed = reply && !reply.ok ? reply : undefined;
  const chosenStart = typeof failed?.values.start === "string" ? failed.values.start : undefined;
  const selected = data.selected;
  return (
    <div className="flex flex-col gap-10" data-live-booking={data.serviceId} data-time-zone={data.timeZone}>
      <form method="get" action="#book-times" className="flex flex-col gap-4" data-live-option>
        <FormHeading>{T.appointmentHeading}</FormHeading>
        {(data.options.length > 1 || data.people.length > 1) && (
          <div className="flex flex-wrap items-end gap-3">
            {data.options.length > 1 && (
              <label className="flex min-w-0 flex-1 basis-full flex-col gap-2 text-sm font-medium">
                {T.serviceOption}
                <select name="option" defaultValue={data.option} className={SELECT_CLASS}>
                  {data.options.map((o) => (
                    <option key={o.name} value={o.name}>
                      {o.name} · {o.durationMinutes} min{o.price ? ` · ${o.price}` : ""}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {data.people.length > 1 && (
              <label className="flex min-w-0 flex-1 basis-full flex-col gap-2 text-sm font-medium sm:basis-0">
                {T.person}
                <select name="staff" defaultValue={data.staffId ?? "any"} className={SELECT_CLASS}>
                  <option value="any">{T.anyone}</option>
                  {data.people.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <button type="submit" className={buttonVariants({ variant: "outline" })} data-live-option-submit>
              Show times
            </button>
          </div>
        )}
        {data.visit && <AddServiceControl visit={data.visit} />}
        {selected && <input type="hidden" name="date" value={selected.date} />}
      </form>

      <DayStrip days={data.days} selected={selected?.date} href={(date) => pageLink(data, date)} />

      <PublicForm
        name="booking"
        schema={bookingRequestSchema}
        id="booking-form"
        action="#booking-form"
        reply={failed}
        messages={messages}
        data-enhance="live-booking"
        className="flex flex-col gap-10"
      >
        <input type="hidden" name="service" value={data.serviceId} />
        <input type="hidden" name="option" value={data.option} />
        <input type="hidden" name="staff" value={data.staffId ?? "any"} />
        <VisitHiddenFields visit={data.visit} />
        <fieldset id="book-times" className="flex min-w-0 flex-col gap-4 scroll-mt-24" data-live-times>
          <legend className="text-sm font-medium">
            {selected ? `Free times on ${dayLabel(selected.date).long}` : "Free times"}
          </legend>
          <div aria-live="polite" data-live-slots>
            {!selected || selected.slots.length === 0 ? (
              <p className="mt-3 text-sm text-muted-foreground">
                {selected?.closed
                  ? "We are closed that day. Please choose another day."
                  : selected
                    ? "No free times that day. Please choose another day."
                    : "No free times in the next two weeks. Please call us."}
                {!selected?.closed && (
                  <WaitlistLink
                    service={data.serviceId}
                    option={data.option}
                    staff={data.staffId ? String(data.staffId) : undefined}
                    date={selected?.date}
                  />
                )}
              </p>
            ) : (
              <TimeChoices slots={selected.slots} timeZone={data.timeZone} checked={chosenStart} />
            )}
          </div>
          <ErrorList id="booking-form-start-error" name="start" errors={failed?.fieldErrors.start ?? []} />
          <TimeZoneNote timeZone={data.timeZone} />
        </fieldset>

        <div className="flex flex-col gap-6">
          <ClientDetailsFields />
          <TextareaField name="notes" label={T.specialRequests} rows={3} placeholder={T.specialRequestsPlaceholder} />
        </div>

        <div className="flex flex-col gap-6">
          <CancellationPolicy />
          <CheckboxField name="agreeToTerms" label={T.agreeToTerms} required />
          <SubmitButton pendingText={T.pending} className="w-full">
            {data.instant ? "Book appointment" : "Request appointment"}
          </SubmitButton>
        </div>
      </PublicForm>
    </div>
  );
}

/**
 * Nobody active does the service: said plainly, with the number to call, instead of a day strip
 * with no times.
 */
function NotBookable({ service, phone }: { service: string; phone: string }) {
  return (
    <div id="booking-form" className="flex flex-col gap-4" data-not-bookable>
      <FormHeading>{T.appointmentHeading}</FormHeading>
      <NotBookableText service={service} phone={phone} />
    </div>
  );
}

/** The sentence after the booked time: what happens next, unless the page's own words said it. */
function afterWhen(confirmed: boolean, pageWords: boolean): string {
  if (confirmed) return pageWords ? "" : "We have e-mailed you the details.";
  return pageWords
    ? "The time is held for you; the details are in your inbox now."
    : "We will confirm it by e-mail shortly; the details are in your inbox now.";
}

function Booked({
  reply,
  timeZone,
  wording,
}: {
  reply: Extract<LiveBookingReply, { ok: true }>;
  timeZone: string;
  wording?: BookedWording;
}) {
  const when = `${formatInZone(reply.start, timeZone, "EEEE, MMMM d")} at ${formatInZone(reply.start, timeZone, "h:mm a")}`;
  const words = wording && (reply.confirmed ? wording.confirmed : wording.requested);
  return (
    <div role="status" tabIndex={-1} id="booking-form" className="flex flex-col gap-5" data-booked>
      <p className="eyebrow text-accent">{reply.confirmed ? "Booked" : "Request received"}</p>
      <h3 className="font-display text-3xl font-normal">
        {words ? words.title : reply.confirmed ? "Your appointment is booked" : "Your time is held for you"}
      </h3>
      {words && <p className="leading-relaxed">{words.description.replaceAll("{service}", wording?.service ?? "")}</p>}
      <p className="leading-relaxed">
        {when}. {afterWhen(reply.confirmed, Boolean(words))}
      </p>
      <TimeZoneNote timeZone={timeZone} />
      <p>
        <a href={reply.manageUrl} className={buttonVariants({ variant: "outline" })}>
          View or change your booking
        </a>
      </p>
    </div>
  );
}
