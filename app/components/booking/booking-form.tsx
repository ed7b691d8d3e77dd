import {
  CheckboxField,
  PublicForm,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  type FormMessages,
} from "~/components/forms";
import { BOOKING_FORM_TEXT as T, CANCELLATION_POLICY } from "~/content/bookings";
import { bookingFormSchema } from "~/lib/forms/public-forms";
import { cn } from "~/lib/utils";
import { FormHeading } from "./form-heading";
import type { BookingServiceKey, PublicFormReply } from "~/lib/forms/public-form-types";

/**
 * The booking request of a service page whose service is not booked online (lip fillers: a
 * consultation the salon arranges): the client's details, the option and their wishes, stored as a
 * `Booking` submission; the salon calls back to find a time. It posts to its page and works
 * without JavaScript; app/enhance/forms.ts sends it to /api/forms/booking with the page's toasts.
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
  const id = "booking-form";
  return (
    <PublicForm
      name="booking"
      schema={bookingFormSchema(options)}
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
            {T.requestSubmitHint}
          </p>
        </div>
      </div>
    </PublicForm>
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
