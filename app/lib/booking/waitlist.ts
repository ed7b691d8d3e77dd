import { z } from "zod";
import { emailField, requiredPhone, requiredText } from "~/lib/forms/fields";
import { addLocalDays, isoInZone, localDate, parseLocalDate } from "./availability";

/**
 * The waiting list's words and its one rule, shared by the form and the server: which freed
 * times fit a client's wishes (the days and the parts of the day that suit them).
 */

/** What the visitor reads when an offer or an entry cannot be acted on. */
export const WAITLIST_MESSAGES = {
  offerNotFound: "This link does not open a time we offered. Please check the link in your e-mail.",
  offerTaken: "You have taken this time. The details are in your e-mail.",
  offerGone: "This time is no longer held for you. You are still on the waiting list for other times.",
  offerLapsed: "This time was held for you until the time in the e-mail; it has now been offered to someone else.",
  offerOffList: "This time is no longer held for you.",
  leaveNotFound: "This link does not open a place on our waiting list. Please check the link in your e-mail.",
  left: "You have left the waiting list. We will not e-mail you about new times.",
  alreadyOff: "This place on the waiting list has ended. We will not e-mail you about new times.",
  joined: "You are on the waiting list.",
  declined: "You have declined this time. You stay on the waiting list for other times.",
} as const;

/** What the admin reads when offering a waiting client a time by hand. */
export const WAITLIST_DESK_MESSAGES = {
  offered: "Time offered. They are e-mailed a link that holds it for them.",
  offList: "That entry is no longer on the waiting list.",
  alreadyHeld: "A time is already held for them. Wait for their answer, or remove them from the list.",
  past: "Choose a time that is still ahead.",
  notWished: "That time is not on a day or in a part of the day they asked for.",
  notBookable: "Their service or option is no longer booked online. Call them instead.",
  offeredBefore: "They were offered that time before. Choose another time.",
  taken: "That time is not free for their service. Nothing was changed; choose another time.",
  changed: "Their entry changed meanwhile. The page now shows it as it is.",
  noTime: "That time does not exist on the salon's clock (the clocks change). Choose another time.",
  noShows:
    "Their no-shows reached the limit in Booking settings, so no time is held for them. Call them and book them at the desk instead.",
} as const;

export const DAY_PARTS = ["morning", "afternoon", "evening"] as const;
export type DayPart = (typeof DAY_PARTS)[number];

/** The parts of the day as the form names them: a start before noon, before 5 PM, or from 5 PM. */
export const DAY_PART_LABELS: Record<DayPart, string> = {
  morning: "Morning (before 12 PM)",
  afternoon: "Afternoon (12 to 5 PM)",
  evening: "Evening (from 5 PM)",
};

/** The part of the day a time starting `minutes` after local midnight is in. */
export function dayPartOf(minutes: number): DayPart {
  if (minutes < 12 * 60) return "morning";
  return minutes < 17 * 60 ? "afternoon" : "evening";
}

export interface WaitlistWish {
  /** The salon's local dates, "YYYY-MM-DD", both ends inclusive. */
  fromDate: string;
  toDate: string;
  dayParts: readonly DayPart[];
}

/** Whether a time starting at `start` (epoch ms) is on a day and in a part of the day the wish names. */
export function fitsWish(wish: WaitlistWish, start: number, timeZone: string): boolean {
  const date = localDate(start, timeZone);
  if (date < wish.fromDate || date > wish.toDate) return false;
  const clock = isoInZone(start, timeZone).slice(11, 16);
  const minutes = Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
  return wish.dayParts.includes(dayPartOf(minutes));
}

/**
 * The first of the free times (in the order given, earliest first) that fits the wish and was not
 * offered to it before (an entry is offered a time at most once): the time to offer, or undefined.
 */
export function firstFittingTime(
  wish: WaitlistWish,
  free: readonly number[],
  timeZone: string,
  offeredBefore: ReadonlySet<number>,
): number | undefined {
  return free.find((start) => !offeredBefore.has(start) && fitsWish(wish, start, timeZone));
}

/** The days of the wish that can still be booked: from today (or its first day) to the booking window's end. */
export function wishedDays(wish: WaitlistWish, today: string, lastBookable: string): string[] {
  const from = wish.fromDate > today ? wish.fromDate : today;
  const to = wish.toDate < lastBookable ? wish.toDate : lastBookable;
  const days: string[] = [];
  for (let day = from; day <= to; day = addLocalDays(day, 1)) days.push(day);
  return days;
}

const localDay = (label: string) =>
  z
    .string({ error: `Choose the ${label}` })
    .trim()
    .refine((v) => parseLocalDate(v) !== null, `Choose the ${label}`);

const dayParts = z
  .union([z.enum(DAY_PARTS), z.array(z.enum(DAY_PARTS))], { error: "Choose at least one part of the day" })
  .transform((v) => [...new Set(Array.isArray(v) ? v : [v])]);

/**
 * The "Tell me if a time opens" form, as it is posted. The dates are checked against today and
 * the booking window on the server (checkWishedDates), which knows both.
 */
export const waitlistRequestSchema = z
  .object({
    service: z.string({ error: "Choose a service" }).trim().min(1, "Choose a service").max(100),
    option: z.string().trim().max(200).optional(),
    staff: z.union([z.coerce.number().int().positive(), z.literal(""), z.literal("any")]).optional(),
    firstName: requiredText("First name", 100),
    lastName: requiredText("Last name", 100),
    email: emailField,
    phone: requiredPhone,
    fromDate: localDay("first day"),
    toDate: localDay("last day"),
    dayParts,
  })
  .refine((v) => v.toDate >= v.fromDate, { path: ["toDate"], message: "The last day cannot be before the first day" });

export type WaitlistRequest = z.output<typeof waitlistRequestSchema>;

/** Why the wished days cannot be waited for, by field, or null: they must lie from today to the window's end. */
export function checkWishedDates(
  wish: Pick<WaitlistWish, "fromDate" | "toDate">,
  today: string,
  lastBookable: string,
): Record<string, string[]> | null {
  if (wish.toDate < today) return { toDate: ["The last day cannot be in the past"] };
  if (wish.fromDate > lastBookable)
    return { fromDate: [`We take bookings up to ${lastBookable}; choose an earlier first day`] };
  if (wish.toDate > lastBookable)
    return { toDate: [`We take bookings up to ${lastBookable}; choose an earlier last day`] };
  return null;
}
