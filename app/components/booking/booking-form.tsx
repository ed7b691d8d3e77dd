import {
  CheckboxField,
  ErrorList,
  PublicForm,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  type FormMessages,
} from "~/components/forms";
import { BOOKING_FORM_TEXT as T, CANCELLATION_POLICY } from "~/content/bookings";
import { businessToday, latestBookableDate, TIME_SLOTS } from "~/lib/forms/booking-rules";
import { bookingFormSchema } from "~/lib/forms/public-forms";
import { useSiteTimeZone } from "~/lib/use-time-zone";
import { cn } from "~/lib/utils";
import { FormHeading } from "./form-heading";
import type { BookingServiceKey, PublicFormReply } from "~/lib/forms/public-form-types";

/**
 * The booking form of every service and booking page (docs/product.md, Booking request). It posts to its
 * page and works without JavaScript (native date input, radio time slots); app/enhance turns the
 * date input into the calendar (features/calendar.ts), keeps the submit disabled until a date is
 * chosen and the terms are agreed, and sends it to /api/forms/booking with the page's toasts.
 */
export function BookingForm({
  serviceKey,
  options,
  messages,
  reply,
  className,
}: {
  /** Which service the server books this for (its option list and title). */
  serviceKey: BookingServiceKey;
  options: string[];
  messages: FormMessages;
  reply?: PublicFormReply;
  className?: string;
}) {
  const failed = reply && !reply.ok ? reply : undefined;
  const id = "booking-form";
  const timeZone = useSiteTimeZone();
  return (
    <PublicForm
      name="booking"
      schema={bookingFormSchema(options, timeZone)}
      id={id}
      // Without JavaScript the answer is a new page: open it at the form, where its status message is.
      action={`#${id}`}
      reply={reply}
      messages={messages}
      data-booking=""
      className={cn("flex flex-col gap-10", className)}
    >
      <input type="hidden" name="serviceKey" value={serviceKey} />

      <div className="flex flex-col gap-6">
        <ClientDetailsFields />
      </div>

      <div className="flex flex-col gap-6">
        <FormHeading>{T.appointmentHeading}</FormHeading>
        {options.length > 0 && (
          <SelectField
            name="serviceOption"
            label={T.serviceOption}
            required
            placeholder={T.serviceOptionPlaceholder}
            options={options.map((o) => ({ value: o, label: o }))}
          />
        )}
        <div className="grid gap-8 xl:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          <div data-calendar className="min-w-0">
            <TextField
              name="preferredDate"
              label={T.preferredDate}
              type="date"
              required
              min={businessToday(timeZone)}
              max={latestBookableDate(timeZone)}
              className="sm:max-w-xs xl:max-w-none"
            />
          </div>
          <TimeSlots
            formId={id}
            value={typeof failed?.values.preferredTime === "string" ? failed.values.preferredTime : undefined}
            errors={failed?.fieldErrors.preferredTime ?? []}
          />
        </div>
        <TextareaField
          name="specialRequests"
          label={T.specialRequests}
          rows={3}

          placeholder={T.specialRequestsPlaceholder}
        />
      </div>

      <div className="flex flex-col gap-6">
        <CancellationPolicy />
        <CheckboxField name="agreeToTerms" label={T.agreeToTerms} required />
        <div className="flex flex-col gap-3">
          <SubmitButton pendingText={T.pending} className="w-full" aria-describedby={`${id}-submit-hint`}>
            {T.submit}
          </SubmitButton>
          <p id={`${id}-submit-hint`} className="text-center text-xs text-muted-foreground">
            {T.submitHint}
          </p>
        </div>
      </div>
    </PublicForm>
  );
}

/** The nine hourly slots as radio "chips": one tap, keyboard arrows, no script needed. */
function TimeSlots({ formId, value, errors }: { formId: string; value?: string; errors: string[] }) {
  const errorId = `${formId}-preferredTime-error`;
  return (
    <fieldset aria-describedby={errorId} className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-[0.7rem] font-medium tracking-[0.2em] uppercase">
        {T.preferredTime}
        <span className="text-accent" aria-hidden="true">
          {" "}
          *
        </span>
      </legend>
      <div className="grid grid-cols-3 gap-2">
        {TIME_SLOTS.map((slot) => (
          <label key={slot} className="relative block">
            <input
              type="radio"
              name="preferredTime"
              value={slot}
              required
              defaultChecked={value === slot}
              aria-invalid={errors.length ? true : undefined}
              className="peer absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
            />
            <span
              className={cn(
                "flex h-11 items-center justify-center border border-border bg-surface text-sm whitespace-nowrap tabular-nums transition-colors motion-reduce:transition-none",
                "peer-hover:border-foreground/40 peer-checked:border-accent peer-checked:bg-accent peer-checked:font-medium peer-checked:text-accent-foreground",
                "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
                errors.length ? "border-danger" : "",
              )}
            >
              {slot}
            </span>
          </label>
        ))}
      </div>
      <ErrorList id={errorId} name="preferredTime" errors={errors} />
    </fieldset>
  );
}

export function CancellationPolicy({ className }: { className?: string }) {
  return (
    <section
      aria-labelledby="cancellation-policy-title"
      className={cn("border border-border bg-surface-muted/60 p-5 sm:p-6", className)}
    >
      <h3 id="cancellation-policy-title" className="eyebrow text-foreground">
        {CANCELLATION_POLICY.title}
      </h3>
      <ul className="mt-4 flex flex-col gap-2.5 text-sm leading-relaxed text-muted-foreground">
        {CANCELLATION_POLICY.items.map((item) => (
          <li key={item} className="flex gap-3">
            <span aria-hidden className="mt-[0.6rem] h-px w-3 shrink-0 bg-accent" />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Your details": the client's name, e-mail and phone, as every booking form asks for them. */
export function ClientDetailsFields() {
  return (
    <>
      <FormHeading>{T.detailsHeading}</FormHeading>
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField name="firstName" label={T.firstName} required autoComplete="given-name" />
        <TextField name="lastName" label={T.lastName} required autoComplete="family-name" />
        <TextField name="email" label={T.email} type="email" required autoComplete="email" />
        <TextField name="phone" label={T.phone} type="tel" required autoComplete="tel" />
      </div>
    </>
  );
}
