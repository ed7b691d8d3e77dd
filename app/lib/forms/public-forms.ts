import { z } from "zod";
import { isIsoDate } from "./booking-rules";
import { emailField, messageField, optionalPhone, requiredPhone, requiredText } from "./fields";
import {
  ContactFormSchema,
  dateOfBirthField,
  SPECIALTIES,
  MAX_SUITE_SIZES,
  suiteSizeName,
  suiteSizesRefusal,
  SuiteDetailsSchema,
  type SubmissionInput,
} from "./submission";

/**
 * The visitor-facing forms, field for field as the pages name them (docs/product.md, Forms), each with
 * how it becomes a submission. The forms' fields take their limits from these schemas
 * (app/lib/forms/field-rules.ts); the server answers with these messages.
 */

/** The home form's message for missing fields, word for word as the page has always shown it. */
export const APPOINTMENT_REQUIRED_MESSAGE = "Please fill in all required fields (First Name, Last Name, Email)";

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal(true)])
  .optional()
  .transform((v) => v !== undefined);

export const AppointmentFormSchema = z.object({
  firstName: requiredText("First name", 100),
  lastName: requiredText("Last name", 100),
  email: emailField,
  phone: optionalPhone,
  message: messageField(),
});

export function appointmentSubmission(data: z.output<typeof AppointmentFormSchema>): SubmissionInput {
  return {
    formType: "appointment_request",
    name: `${data.firstName} ${data.lastName}`,
    email: data.email,
    phone: data.phone,
    message: data.message,
  };
}

export { ContactFormSchema };

export function contactSubmission(data: z.output<typeof ContactFormSchema>): SubmissionInput {
  return { formType: "Contact", ...data };
}

/**
 * The booking request of a service not booked online (no time: the salon calls back); `options` is
 * the service's option list (empty: no Service Option field).
 */
export function bookingFormSchema(options: string[]) {
  return z.object({
    firstName: requiredText("First name", 100),
    lastName: requiredText("Last name", 100),
    email: emailField,
    phone: requiredPhone,
    serviceOption: options.length
      ? z.enum(options as [string, ...string[]], { error: "Choose a service option" })
      : z
          .string()
          .optional()
          .transform(() => undefined),
    specialRequests: messageField("Special requests"),
    agreeToTerms: checkbox.refine((v) => v, "Please agree to the terms and cancellation policy"),
  });
}

export function bookingSubmission(
  data: z.output<ReturnType<typeof bookingFormSchema>>,
  serviceTitle: string,
): SubmissionInput {
  return {
    formType: "Booking",
    name: `${data.firstName} ${data.lastName}`,
    email: data.email,
    phone: data.phone,
    service: data.serviceOption ?? serviceTitle,
    message: data.specialRequests,
    agreeToTerms: true,
  };
}

/** What the suite application form requires beyond its text fields, with the server's message for each. */
export const SUITE_APPLICATION_MESSAGES = {
  specialty: "Choose your specialty",
  suiteSizes: "Choose at least one suite type",
  desiredOccupancyDate: "Choose when you would like to start",
} as const;

/**
 * The suite application as the form posts it. Required is what the salon needs to reply: name,
 * e-mail, phone, specialty, suite type and when they want to start; every other field of the
 * application is optional (the form keeps them under "Tell us more"); the stored details keep the
 * same shape.
 */
export const SuiteApplicationFormSchema = SuiteDetailsSchema.extend({
  email: emailField,
  fullName: requiredText("Full name"),
  phoneNumber: requiredPhone,
  specialty: z.enum(SPECIALTIES, { error: SUITE_APPLICATION_MESSAGES.specialty }),
  suiteSizes: z
    .array(suiteSizeName, { error: SUITE_APPLICATION_MESSAGES.suiteSizes })
    .min(1, SUITE_APPLICATION_MESSAGES.suiteSizes)
    .max(MAX_SUITE_SIZES),
  desiredOccupancyDate: z
    .string({ error: SUITE_APPLICATION_MESSAGES.desiredOccupancyDate })
    .trim()
    .min(1, { error: SUITE_APPLICATION_MESSAGES.desiredOccupancyDate, abort: true })
    .refine(isIsoDate, "Enter the date as YYYY-MM-DD"),
});

/**
 * The suite application form with "today" judged in the salon's time zone, and its suite types
 * only among `suiteTypeNames` (the database's, app/server/suites).
 */
export function suiteApplicationFormSchema(timeZone: string, suiteTypeNames: readonly string[]) {
  return SuiteApplicationFormSchema.extend({
    dateOfBirth: dateOfBirthField(timeZone),
    suiteSizes: SuiteApplicationFormSchema.shape.suiteSizes.superRefine((chosen, ctx) => {
      const refusal = suiteSizesRefusal(chosen, suiteTypeNames);
      if (refusal) ctx.addIssue({ code: "custom", message: refusal });
    }),
  });
}

export function suiteApplicationSubmission(data: z.output<typeof SuiteApplicationFormSchema>): SubmissionInput {
  const { email, fullName, phoneNumber, ...details } = data;
  return { formType: "Suite Application", name: fullName, email, phone: phoneNumber, details };
}
