import { ErrorList, PublicForm, SelectField, SubmitButton, TextField, type FormMessages } from "~/components/forms";
import { ClientDetailsFields } from "~/components/booking/booking-form";
import { DayStrip, dayLabel } from "~/components/booking/day-strip";
import { FormHeading } from "~/components/booking/form-heading";
import { NotBookableText } from "~/components/booking/not-bookable-text";
import { TimeChoices } from "~/components/booking/time-choices";
import { TimeZoneNote } from "~/components/booking/time-zone-note";
import { buttonVariants } from "~/components/ui/button";
import { SUITE_TOUR_TEXT as T } from "~/content/suite-tour";
import type { LiveBookingData, LiveBookingReply } from "~/lib/booking/live-booking";
import { suiteTourSchema, type TourSuiteType } from "~/lib/booking/suite-tour";
import { formatInZone } from "~/lib/dates";

/** Another day's times, keeping the suite type asked for. */
const dayLink = (date: string, suiteType: string | null) =>
  `?${new URLSearchParams({ date, ...(suiteType ? { type: suiteType } : {}) }).toString()}#book-times`;

/**
 * Booking a suite tour on /suites/tour, as plain HTML like the live booking form (the same day
 * strip, times and contact fields; app/enhance/features/live-booking.ts fetches a day's times in
 * place when JavaScript runs): when, who (name, e-mail, phone, specialty), which suite, then one
 * button. It posts to the page.
 */
export function TourBookingForm({
  data,
  reply,
  messages,
  suiteType,
  suiteTypes,
}: {
  data: LiveBookingData;
  reply?: LiveBookingReply;
  messages: FormMessages;
  /** The suite type's slug the visitor came from (`?type=`), preselected. */
  suiteType: string | null;
  /** The suite types offered (Admin › Suites), in display order. */
  suiteTypes: TourSuiteType[];
}) {
  if (reply?.ok) return <TourBooked reply={reply} timeZone={data.timeZone} />;
  if (data.unavailable)
    return (
      <div id="booking-form" className="flex flex-col gap-4" data-not-bookable>
        <NotBookableText service="suite tours" phone={data.unavailable.phone} />
      </div>
    );
  const failed = reply && !reply.ok ? reply : undefined;
  const chosenStart = typeof failed?.values.start === "string" ? failed.values.start : undefined;
  const selected = data.selected;
  return (
    <div className="flex flex-col gap-10" data-live-booking={data.serviceId} data-time-zone={data.timeZone}>
      <div className="flex flex-col gap-4">
        <FormHeading>{T.tourHeading}</FormHeading>
        <DayStrip days={data.days} selected={selected?.date} href={(date) => dayLink(date, suiteType)} />
      </div>
      <PublicForm
        name="booking"
        schema={suiteTourSchema}
        id="booking-form"
        action={`${suiteType ? `?type=${encodeURIComponent(suiteType)}` : ""}#booking-form`}
        reply={failed}
        messages={messages}
        data-enhance="live-booking"
        className="flex flex-col gap-10"
      >
        <input type="hidden" name="option" value={data.option} />
        <input type="hidden" name="staff" value={data.staffId ?? "any"} />
        <fieldset id="book-times" className="flex min-w-0 flex-col gap-4 scroll-mt-24" data-live-times>
          <legend className="text-sm font-medium">
            {selected ? `Free times on ${dayLabel(selected.date).long}` : "Free times"}
          </legend>
          <div aria-live="polite" data-live-slots>
            {!selected || selected.slots.length === 0 ? (
              <p className="mt-3 text-sm text-muted-foreground">
                {selected?.closed
                  ? "No tours that day. Please choose another day."
                  : selected
                    ? "No free times that day. Please choose another day."
                    : T.noTimes}
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
          <TextField
            name="specialty"
            label={T.specialty}
            required
            autoComplete="organization-title"
            placeholder={T.specialtyPlaceholder}
          />
          <SelectField
            name="suiteType"
            label={T.suiteType}
            options={[{ value: "", label: T.anySuite }, ...suiteTypes.map((t) => ({ value: t.slug, label: t.name }))]}
            {...(failed ? {} : { defaultValue: suiteType ?? "" })}
          />
        </div>

        <SubmitButton pendingText={T.pending} className="w-full">
          {T.submit}
        </SubmitButton>
      </PublicForm>
    </div>
  );
}

function TourBooked({ reply, timeZone }: { reply: Extract<LiveBookingReply, { ok: true }>; timeZone: string }) {
  const when = `${formatInZone(reply.start, timeZone, "EEEE, MMMM d")} at ${formatInZone(reply.start, timeZone, "h:mm a")}`;
  return (
    <div role="status" tabIndex={-1} id="booking-form" className="flex flex-col gap-5" data-booked>
      <p className="eyebrow text-accent">{reply.confirmed ? T.bookedEyebrow : T.requestedEyebrow}</p>
      <h3 className="font-display text-3xl font-normal">{reply.confirmed ? T.bookedTitle : T.requestedTitle}</h3>
      <p className="leading-relaxed">
        {when}.{" "}
        {reply.confirmed
          ? "We have e-mailed you the details and a calendar invitation."
          : "We will confirm it by e-mail shortly; the details are in your inbox now."}
      </p>
      <TimeZoneNote timeZone={timeZone} />
      <p>
        <a href={reply.manageUrl} className={buttonVariants({ variant: "outline" })}>
          {T.manage}
        </a>
      </p>
    </div>
  );
}
