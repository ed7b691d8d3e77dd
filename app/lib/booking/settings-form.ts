import { z } from "zod";
import type { FieldErrors } from "~/lib/forms/field-errors";
import { parseLocalDate } from "./availability";
import {
  BOOKING_NOTICE_SETTINGS,
  BOOKING_SETTING_KEYS,
  bookingSettingsSchema,
  type BookingNoticeSetting,
  type BookingSettings,
} from "./settings";

/** The admin's booking settings form (/admin/bookings/settings): fields, ranges and checks. */
export type NumberSetting = Exclude<keyof BookingSettings, "confirmationMode" | BookingNoticeSetting>;

export const NUMBER_SETTINGS: { name: NumberSetting; label: string; hint: string }[] = [
  {
    name: "leadMinutes",
    label: "Earliest booking (minutes ahead)",
    hint: "How soon a client can book online: 120 is two hours from now.",
  },
  { name: "windowDays", label: "Booking window (days ahead)", hint: "How far ahead clients can book online." },
  { name: "stepMinutes", label: "Time step (minutes)", hint: "Start times are offered every this many minutes." },
  {
    name: "bufferMinutes",
    label: "Buffer after each appointment (minutes)",
    hint: "Kept free after every appointment, e.g. to tidy up.",
  },
  {
    name: "cancellationCutoffHours",
    label: "Cancellation cutoff (hours before)",
    hint: "Clients can cancel or move a booking online until this many hours before it.",
  },
  {
    name: "requestExpiryHours",
    label: "Unanswered requests expire (hours after)",
    hint: "A request we have not answered, or a time we proposed that the client has not, frees its time this many hours after it was made, or at its start if sooner; the client is told by e-mail.",
  },
  {
    name: "reminderHours",
    label: "Reminder e-mail (hours before)",
    hint: "Clients get one reminder this many hours before a confirmed appointment; 0 sends none.",
  },
  {
    name: "maxUpcomingPerClient",
    label: "Upcoming visits per client (online)",
    hint: "A client (by e-mail or phone) can hold at most this many upcoming bookings made online; for more they call us. 0 = no limit. Bookings you make are not limited.",
  },
  {
    name: "noShowLimit",
    label: "No-shows before online booking stops",
    hint: "A client (by e-mail or phone) with this many no-shows can no longer book a time online; they are asked to send a request instead. 0 = off.",
  },
  {
    name: "waitlistHoldMinutes",
    label: "Waiting list: a freed time is held (minutes)",
    hint: "When a time opens, the first on the waiting list whose wishes fit is e-mailed; it is held for them this long, then offered to the next.",
  },
];

/** The salon's booking e-mails, each a checkbox (checked: sent). */
export const NOTICE_SETTINGS: { name: BookingNoticeSetting; label: string }[] = [
  { name: "notifyNewBookings", label: "A new booking or booking request" },
  { name: "notifyMoves", label: "A client moves their booking" },
  { name: "notifyCancellations", label: "A client cancels their booking" },
  { name: "notifyProposalAnswers", label: "A client accepts or declines a time we proposed" },
  {
    name: "notifyLapsing",
    label: "A request nobody answered lapses soon (when a quarter of its time is left, at most 6 hours)",
  },
  { name: "notifyLapsed", label: "A request or proposed time lapsed" },
  { name: "dailyAgenda", label: "The day's bookings, every morning at opening time" },
];

export const CONFIRMATION_MODES: { value: BookingSettings["confirmationMode"]; label: string }[] = [
  { value: "approve", label: "We confirm each request (the time is held until we answer)" },
  { value: "instant", label: "Bookings are confirmed at once" },
];

export function settingRange(name: NumberSetting): { min: number; max: number } {
  const field = bookingSettingsSchema.shape[name];
  return { min: field.minValue ?? 0, max: field.maxValue ?? Number.MAX_SAFE_INTEGER };
}

type Checked<T> = { success: true; data: T } | { success: false; fieldErrors: FieldErrors };

/** The posted settings, checked with the booking settings' schema; a message per wrong field. */
export function checkBookingSettings(values: Record<string, string>): Checked<BookingSettings> {
  const fieldErrors: FieldErrors = {};
  const raw: Record<string, string> = {};
  for (const name of Object.keys(BOOKING_SETTING_KEYS) as (keyof BookingSettings)[]) {
    raw[name] = (values[name] ?? "").trim();
  }
  for (const { name } of NUMBER_SETTINGS) {
    const { min, max } = settingRange(name);
    // An empty field would coerce to 0, which some settings accept: it must be said.
    if (!/^\d+$/.test(raw[name]) || !bookingSettingsSchema.shape[name].safeParse(raw[name]).success)
      fieldErrors[name] = [`Enter a whole number from ${min} to ${max}.`];
  }
  // A checkbox posts "on" when checked and nothing when not.
  for (const name of BOOKING_NOTICE_SETTINGS) raw[name] = String(raw[name] === "on" || raw[name] === "true");
  if (!bookingSettingsSchema.shape.confirmationMode.safeParse(raw.confirmationMode).success)
    fieldErrors.confirmationMode = ["Choose how bookings are confirmed."];
  if (Object.keys(fieldErrors).length) return { success: false, fieldErrors };
  return { success: true, data: bookingSettingsSchema.parse(raw) };
}

export interface ClosureInput {
  from: string;
  to: string;
  label: string;
}

/** A closure's label (white space folded); the form's maxLength is read from it. */
export const closureLabelSchema = z
  .string()
  .transform((v) => v.trim().replace(/\s+/g, " "))
  .pipe(z.string().max(80, { error: (issue) => `Use at most ${issue.maximum} characters.` }));

/**
 * A closure from the form: real dates (both ends inclusive, the last day empty = one day), not
 * ending before `today` (the salon's date), and a short label.
 */
export function checkClosure(values: Record<string, string>, today: string): Checked<ClosureInput> {
  const from = (values.from ?? "").trim();
  const to = (values.to ?? "").trim() || from;
  const labelResult = closureLabelSchema.safeParse(values.label ?? "");
  const label = labelResult.success ? labelResult.data : "";
  const fieldErrors: FieldErrors = {};
  if (!parseLocalDate(from)) fieldErrors.from = ["Enter the first day the salon is closed."];
  if (!parseLocalDate(to)) fieldErrors.to = ["Enter the last day the salon is closed."];
  else if (!fieldErrors.from && to < from) fieldErrors.to = ["The last day cannot be before the first day."];
  else if (to < today) fieldErrors.to = ["That closure is already over."];
  if (!labelResult.success) fieldErrors.label = [labelResult.error.issues[0].message];
  if (Object.keys(fieldErrors).length) return { success: false, fieldErrors };
  return { success: true, data: { from, to, label } };
}

const DAY_FORMAT = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** "Thu, Dec 24, 2026", or "Thu, Dec 24, 2026 – Sat, Dec 26, 2026" for a closure's dates. */
export function closureDates(from: string, to: string): string {
  const day = (date: string) => {
    const parts = parseLocalDate(date);
    return parts ? DAY_FORMAT.format(Date.UTC(parts.year, parts.month - 1, parts.day)) : date;
  };
  return from === to ? day(from) : `${day(from)} – ${day(to)}`;
}
