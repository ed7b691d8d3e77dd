import { z } from "zod";
import type { IntentReply } from "~/lib/forms/action-reply";
import { optionalPhone, optionalText, requiredPhone, requiredText } from "~/lib/forms/fields";
import { parseLocalDate } from "./availability";
import { MAX_MORE_SERVICES, visitPartSchema } from "./booking-request";

/**
 * What the front desk posts on /admin/bookings, checked the same way in the browser's form and on
 * the server. Dates and times are the salon's wall clock ("2026-12-01", "09:30").
 */

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const dateField = z
  .string({ error: "Choose a date" })
  .trim()
  .refine((v) => parseLocalDate(v) !== null, "Choose a date");

export const timeField = (label = "Choose a time") => z.string({ error: label }).trim().regex(TIME, label);

/** "09:30" → minutes after midnight. */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const bookingId = z.coerce.number({ error: "Unknown booking" }).int().positive("Unknown booking");

export const declineSchema = z.object({
  id: bookingId,
  reason: requiredText("Reason", 500, { multiline: true }),
});

export const cancelSchema = z.object({
  id: bookingId,
  reason: optionalText("Reason", 500, { multiline: true }),
});

export const proposeSchema = z.object({
  id: bookingId,
  date: dateField,
  time: timeField(),
});

export const staffBookingSchema = z.object({
  service: z.string({ error: "Choose a service" }).trim().min(1, "Choose a service").max(100),
  option: z.string().trim().max(200).optional(),
  staff: z.union([z.coerce.number().int().positive(), z.literal(""), z.literal("any")]).optional(),
  /** Services added to the visit, back to back after the first (as the public booking form adds them). */
  more: z
    .array(visitPartSchema)
    .max(MAX_MORE_SERVICES, `Book at most ${MAX_MORE_SERVICES + 1} services in one visit`)
    .optional(),
  date: dateField,
  time: timeField(),
  firstName: requiredText("First name", 100),
  lastName: requiredText("Last name", 100),
  phone: requiredPhone,
  email: z
    .string()
    .trim()
    .max(254, "Email is too long")
    .optional()
    .transform((v) => v ?? "")
    .pipe(z.union([z.literal(""), z.email("Enter a valid email address")])),
  notes: optionalText("Notes", 2000, { multiline: true }),
});

/** The booking's Move form (and a drag on the calendar): a new date and time, and a person or "" to keep its own. */
export const moveSchema = z.object({
  id: bookingId,
  date: dateField,
  time: timeField(),
  staff: z
    .union([z.coerce.number().int().positive(), z.literal("")])
    .optional()
    .transform((v) => (typeof v === "number" ? v : null)),
});

export type MoveInput = z.output<typeof moveSchema>;

const optionalName = (label: string) => optionalText(label, 100).transform((v) => v ?? "");

/**
 * A walk-in: a service option and a person (or anyone), booked at the next free time from now;
 * the client's name and contact are optional.
 */
export const walkInSchema = z.object({
  service: z.string({ error: "Choose a service" }).trim().min(1, "Choose a service").max(100),
  option: z.string().trim().max(200).optional(),
  staff: z.union([z.coerce.number().int().positive(), z.literal(""), z.literal("any")]).optional(),
  firstName: optionalName("First name"),
  lastName: optionalName("Last name"),
  phone: optionalPhone.transform((v) => v ?? ""),
  email: z
    .string()
    .trim()
    .max(254, "Email is too long")
    .optional()
    .transform((v) => v ?? "")
    .pipe(z.union([z.literal(""), z.email("Enter a valid email address")])),
});

export type WalkInInput = z.output<typeof walkInSchema>;

export const blockSchema = z
  .object({
    resource: z.string({ error: "Choose who or what to block" }).trim().min(1, "Choose who or what to block").max(120),
    date: dateField,
    allDay: z
      .union([z.literal("on"), z.literal("true"), z.literal("")])
      .optional()
      .transform((v) => v === "on" || v === "true"),
    start: z.string().trim().optional(),
    end: z.string().trim().optional(),
    label: optionalText("Label", 200),
  })
  .superRefine((value, ctx) => {
    if (value.allDay) return;
    if (!value.start || !TIME.test(value.start))
      ctx.addIssue({ code: "custom", path: ["start"], message: "Choose a start time" });
    if (!value.end || !TIME.test(value.end))
      ctx.addIssue({ code: "custom", path: ["end"], message: "Choose an end time" });
    else if (value.start && TIME.test(value.start) && minutesOf(value.end) <= minutesOf(value.start))
      ctx.addIssue({ code: "custom", path: ["end"], message: "The end must be after the start" });
  });

export type StaffBookingInput = z.output<typeof staffBookingSchema>;

/**
 * The services the front desk added to a visit, as the form posts them: per added row, one `also`
 * ("service:option") and one `alsoStaff` (a person's id, or "any"), in order.
 */
export function staffMoreParts(
  also: string[],
  alsoStaff: string[],
): { service: string; option: string; staff: string }[] {
  return also.flatMap((value, i) => {
    const colon = value.indexOf(":");
    if (colon <= 0) return [];
    return [{ service: value.slice(0, colon), option: value.slice(colon + 1), staff: alsoStaff[i] ?? "any" }];
  });
}
export type BlockInput = z.output<typeof blockSchema>;

/** What an action on /admin/bookings answers. */
export interface StaffBookingReply extends IntentReply {
  /** A refused new booking's fields as posted, in order, for the page form without JavaScript to show again. */
  values?: [string, string][];
}

export const STAFF_MESSAGES = {
  confirmed: "Booking confirmed. The client is e-mailed.",
  declined: "Request declined. The client is e-mailed.",
  proposed: "New time proposed. The client is e-mailed a link to accept or decline it.",
  cancelled: "Appointment cancelled. The client is e-mailed.",
  created: "Booking made and confirmed.",
  blocked: "Time blocked.",
  unblocked: "Block removed.",
  notFound: "That booking no longer exists.",
  notPending: "This request was already answered. The page now shows its current state.",
  notActive: "This booking is no longer active.",
  notBlock: "That block no longer exists.",
  taken: "That time overlaps another booking or a block. Nothing was changed; choose another time.",
  pastTime: "Choose a time that is still ahead.",
  unknownResource: "Choose who or what to block.",
  noTime: "That time does not exist on the salon's clock (the clocks change). Choose another time.",
  invalid: "Please check the highlighted fields.",
  unknown: "Unknown action.",
  failed: "Something went wrong. Nothing was changed; please try again.",
  noShow: "Marked as a no-show.",
  lateCancellation: "Marked as a late cancellation.",
  outcomeCleared: "Outcome taken back.",
  notNoShow: "Only a confirmed appointment that has begun can be marked as a no-show.",
  notLate: "Only a cancelled appointment can be marked as a late cancellation.",
  noOutcome: "This appointment has no no-show or late cancellation to take back.",
  moved: "Booking moved. The client is e-mailed the new time.",
  notMovable: "Only a request or a confirmed appointment can be moved.",
  unchangedMove: "That is the booking's time and person already. Nothing was moved.",
  changedMeanwhile: "This booking was changed meanwhile. Nothing was moved; the page now shows it as it is.",
  doesNotDo: (person: string, service: string) => `${person} does not do ${service}. Choose someone else.`,
  walkInNone: "Nobody is free for that today. Nothing was booked.",
  walkInBooked: (option: string, person: string, time: string) =>
    `Walk-in booked: ${option}${person ? ` with ${person}` : ""} at ${time}`,
} as const;
