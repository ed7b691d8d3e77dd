import { z } from "zod";
import { emailField, optionalText, requiredPhone, requiredText } from "~/lib/forms/fields";

const agreed = z
  .union([z.literal("on"), z.literal("true"), z.literal(true)], {
    error: "Please agree to the terms and cancellation policy",
  })
  .transform(() => true as const);

const staffChoice = z.union([z.coerce.number().int().positive(), z.literal(""), z.literal("any")]).optional();

/** A further service of the visit, done after the ones before it: its option and, if chosen, its person. */
export const visitPartSchema = z.object({
  service: z.string({ error: "Choose a service" }).trim().min(1, "Choose a service").max(100),
  option: z.string().trim().max(200).optional(),
  staff: staffChoice,
});

/** The most services one visit may hold (the first and three more). */
export const MAX_MORE_SERVICES = 3;

/**
 * A booking of a real free time, as the booking page posts it and as `POST /api/bookings` takes
 * it. `start` is an instant with its offset, as the availability answer gives it. `more` adds
 * services to the visit, back to back after the first, in order.
 */
export const bookingRequestSchema = z.object({
  service: z.string({ error: "Choose a service" }).trim().min(1, "Choose a service").max(100),
  option: z.string().trim().max(200).optional(),
  start: z
    .string({ error: "Choose a time" })
    .trim()
    .min(1, "Choose a time")
    .max(40)
    .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v), "Choose a time")
    .refine((v) => !Number.isNaN(Date.parse(v)), "Choose a time"),
  staff: staffChoice,
  more: z
    .array(visitPartSchema)
    .max(MAX_MORE_SERVICES, `Book at most ${MAX_MORE_SERVICES + 1} services in one visit`)
    .optional(),
  firstName: requiredText("First name", 100),
  lastName: requiredText("Last name", 100),
  email: emailField,
  phone: requiredPhone,
  notes: optionalText("Notes", 2000, { multiline: true }),
  agreeToTerms: agreed,
});

export type BookingRequest = z.output<typeof bookingRequestSchema>;

/** The staff member asked for, or null for "any available". */
export function requestedStaff(request: Pick<BookingRequest, "staff">): number | null {
  return typeof request.staff === "number" ? request.staff : null;
}
