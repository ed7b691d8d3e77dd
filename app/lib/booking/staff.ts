import { z } from "zod";
import { BOOKING_SERVICES } from "~/content/bookings";
import { SUITE_TOUR } from "~/content/suite-tour";
import { isImageRef } from "~/lib/editors/validation";
import type { IntentReply } from "~/lib/forms/action-reply";
import { cleanString } from "~/lib/forms/clean-text";
import { givesToursOnly } from "./model";
import { addLocalDays, parseLocalDate, wallClockInstant, type WeeklyHours } from "./availability";
import { parseClock, validateWorkingHours, type WorkingDayInput } from "./working-hours";

/** A staff member as the admin screens show them. */
export interface StaffMember {
  id: number;
  name: string;
  /** Where they are told of their appointments; empty: not told. */
  email: string;
  photoUrl: string;
  services: string[];
  /** Their own week, or null: the salon's opening hours. */
  hours: WeeklyHours | null;
  isActive: boolean;
  displayOrder: number;
  calendarToken: string;
  /** Appointments (any status) name them: they can be deactivated, not deleted. */
  hasBookings: boolean;
}

/** What a staff form's post answers: a toast, field errors, and the new id after "create". */
export interface StaffReply extends IntentReply {
  id?: number;
}

export interface TimeOffEntry {
  id: number;
  /** UTC ISO instants. */
  startsAt: string;
  endsAt: string;
  label: string;
}

/** A booking made while the salon had no active staff, not yet assigned to anyone (the Staff page lists them). */
export interface UnassignedBooking {
  id: number;
  /** The service's id. */
  service: string;
  /** UTC ISO instant. */
  startsAt: string;
  client: string;
}

const STAFF_NAME_MAX = 80;
/** People a page of the staff list (people who left stay on it, inactive). */
export const STAFF_PAGE_SIZE = 25;
/** The longest time off one entry may cover. */
export const TIME_OFF_MAX_DAYS = 366;

export const STAFF_MESSAGES = {
  created: (name: string) => `${name} added`,
  updated: (name: string) => `${name} updated`,
  deactivated: (name: string) => `${name} deactivated: they take no new bookings; their bookings are kept`,
  deactivatedWithBookings: (name: string, count: number, first: string) =>
    `${name} deactivated: they take no new bookings. ${count === 1 ? "Their upcoming booking is" : `Their ${count} upcoming bookings are`} kept and still ${count === 1 ? "holds" : "hold"} their time (${first}${count > 1 ? " and more" : ""}): cancel ${count === 1 ? "it" : "them"} on the Bookings page if ${count === 1 ? "it" : "they"} cannot go ahead.`,
  /** Giving someone a service (or activating them) would double-book them with bookings nobody is assigned to. */
  unassignedOverlap: (refusal: string, name: string, count: number, first: string) =>
    `${refusal}: ${count === 1 ? "a booking" : `${count} bookings`} not assigned to anyone (${first}${count > 1 ? " and more" : ""}) ${count === 1 ? "is" : "are"} at the same time as ${name}'s own bookings or time off. Assign, move or cancel ${count === 1 ? "it" : "them"} first.`,
  assignInactive: (name: string) => `${name} is inactive: activate them before assigning them bookings.`,
  assigned: (name: string, count: number) =>
    count === 0
      ? `There are no upcoming bookings to assign to ${name}.`
      : `Assigned ${count === 1 ? "1 booking" : `${count} bookings`} to ${name}.`,
  notAssigned: (name: string, assigned: number, refused: string[]) =>
    `${assigned === 0 ? `No booking could be assigned to ${name}` : `Assigned ${assigned} of ${assigned + refused.length} bookings to ${name}`}. Not assigned: ${refused.join("; ")}. At ${refused.length === 1 ? "that time" : "those times"} ${name} has a booking or time off, or another unassigned booking of a service ${name} does is at the same time: assign that one to someone else first.`,
  activated: (name: string) => `${name} activated`,
  deleted: (name: string) => `${name} deleted`,
  hasBookings: (name: string) =>
    `${name} has bookings, so they cannot be deleted. Deactivate them instead: their bookings are kept.`,
  moved: "Order saved",
  tokenRegenerated: (name: string) =>
    `New calendar feed link for ${name}. The old link no longer works: subscribe again with the new one.`,
  timeOffAdded: (name: string) => `Time off added for ${name}`,
  timeOffRemoved: (name: string) => `Time off removed for ${name}`,
  timeOffOverlaps: (name: string, count: number, first: string) =>
    `${name} has ${count === 1 ? "a booking" : `${count} bookings`} in that time (${first}${count > 1 ? " and more" : ""}). Move or cancel ${count === 1 ? "it" : "them"} first, or choose another period.`,
  timeOffBuffer: (name: string, buffer: number) =>
    `That time off would end less than ${buffer} minutes (the break kept after every appointment) before one of ${name}'s bookings, or start within that break after one. Choose another period.`,
  notFound: "That staff member no longer exists.",
  timeOffNotFound: "That time off no longer exists.",
  invalid: "Please correct the highlighted fields.",
  onlyAdmin: "Only an admin can do this.",
} as const;

const SERVICE_IDS = BOOKING_SERVICES.map((s) => s.id);
/** What a person may be marked as doing: the menu's services, and giving suite tours (the suite manager). */
const ASSIGNABLE_IDS = [...SERVICE_IDS, SUITE_TOUR.id];

/**
 * The services no active person does, once anyone is active: clients cannot book them online.
 * None while nobody is active (each service then books like one chair); the suite manager alone
 * does not count (decision 55).
 */
export function servicesNobodyDoes(staff: Pick<StaffMember, "isActive" | "services">[]): string[] {
  const active = staff.filter((s) => s.isActive && !givesToursOnly(s.services));
  if (active.length === 0) return [];
  return SERVICE_IDS.filter((id) => !active.some((s) => s.services.includes(id)));
}

export const staffDetailsSchema = z.object({
  name: cleanString("Name")
    .transform((v) => v.replace(/\s+/g, " ").trim())
    .pipe(
      z
        .string()
        .min(1, "Name is required")
        .max(STAFF_NAME_MAX, `Keep the name to ${STAFF_NAME_MAX} characters or fewer`),
    ),
  email: z
    .string()
    .trim()
    .max(254, "That e-mail address is too long")
    .pipe(z.union([z.literal(""), z.email("Enter a valid e-mail address, or leave it empty")])),
  photoUrl: z
    .string()
    .trim()
    .max(1000, "That image address is too long")
    .refine((v) => !v || isImageRef(v), "Choose a photo from the media library, or leave it empty"),
  services: z
    .array(z.string())
    .refine((list) => list.every((s) => ASSIGNABLE_IDS.includes(s)), "Choose services from the list")
    .transform((list) => ASSIGNABLE_IDS.filter((id) => list.includes(id))),
});

export type StaffDetails = z.infer<typeof staffDetailsSchema>;

/** A time off's label (white space folded); the form's maxLength is read from it. */
export const timeOffLabelSchema = cleanString("Label")
  .transform((v) => v.trim().replace(/\s+/g, " "))
  .pipe(z.string().max(100, { error: (issue) => `Keep the label to ${issue.maximum} characters or fewer` }));

export interface StaffInput extends StaffDetails {
  hours: WeeklyHours | null;
}

/** The form's raw week: "salon" or "custom", and the seven rows. */
export function readWorkingDays(form: FormData): { mode: string; days: WorkingDayInput[] } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    mode: text("hoursMode") || "salon",
    days: Array.from({ length: 7 }, (_, day) => ({
      off: form.get(`off-${day}`) === "on",
      start: text(`start-${day}`),
      end: text(`end-${day}`),
    })),
  };
}

export type StaffFormResult = { ok: true; value: StaffInput } | { ok: false; errors: Record<string, string[]> };

/** The add / edit form as the server checks it, against the salon's opening hours. */
export function parseStaffForm(form: FormData, salon: WeeklyHours): StaffFormResult {
  const errors: Record<string, string[]> = {};
  const details = staffDetailsSchema.safeParse({
    name: String(form.get("name") ?? ""),
    email: String(form.get("email") ?? ""),
    photoUrl: String(form.get("photoUrl") ?? ""),
    services: form.getAll("services").map(String),
  });
  if (!details.success)
    for (const issue of details.error.issues) (errors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
  const { mode, days } = readWorkingDays(form);
  let hours: WeeklyHours | null = null;
  if (mode === "custom") {
    const week = validateWorkingHours(days, salon);
    if (week.ok) hours = week.hours;
    else Object.assign(errors, week.errors);
  } else if (mode !== "salon") errors.hoursMode = ["Choose the salon's opening hours or their own hours"];
  if (!details.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { ...details.data, hours } };
}

export type TimeOffResult =
  { ok: true; start: number; end: number; label: string } | { ok: false; errors: Record<string, string[]> };

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/** A local midnight; on the rare zone whose clock skips midnight, the first minute that exists. */
function startOfLocalDay(date: string, timeZone: string): number | null {
  for (let minute = 0; minute <= 180; minute++) {
    const at = wallClockInstant(date, minute, timeZone);
    if (at !== null) return at;
  }
  return null;
}

/**
 * The time-off form: whole days (`allDay`, `fromDate`–`toDate`, both included) or a span of
 * date-times (`from`–`to`, as a datetime-local input posts them), on the salon's clock.
 */
export function parseTimeOffForm(form: FormData, timeZone: string): TimeOffResult {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const errors: Record<string, string[]> = {};
  const labelResult = timeOffLabelSchema.safeParse(text("label"));
  const label = labelResult.success ? labelResult.data : "";
  if (!labelResult.success) errors.label = [labelResult.error.issues[0].message];
  let start: number | null = null;
  let end: number | null = null;
  if (form.get("allDay") === "on") {
    const from = text("fromDate");
    const to = text("toDate") || from;
    if (!parseLocalDate(from)) errors.fromDate = ["Give the first day off"];
    else if (!parseLocalDate(to)) errors.toDate = ["Give the last day off"];
    else if (to < from) errors.toDate = ["The last day off cannot be before the first"];
    else {
      start = startOfLocalDay(from, timeZone);
      end = startOfLocalDay(addLocalDays(to, 1), timeZone);
    }
  } else {
    const from = DATE_TIME.exec(text("from"));
    const to = DATE_TIME.exec(text("to"));
    const at = (m: RegExpExecArray | null) => {
      const minutes = m ? parseClock(m[2]) : null;
      return m && minutes !== null ? wallClockInstant(m[1], minutes, timeZone) : null;
    };
    start = at(from);
    end = at(to);
    if (start === null) errors.from = ["Give the date and time the time off starts"];
    if (end === null) errors.to = ["Give the date and time it ends"];
    else if (start !== null && end <= start) errors.to = ["The end must be after the start"];
  }
  if (start !== null && end !== null && end - start > TIME_OFF_MAX_DAYS * 24 * 3_600_000)
    errors[form.get("allDay") === "on" ? "toDate" : "to"] = [
      `One entry can cover at most ${TIME_OFF_MAX_DAYS} days; add longer absences in parts, or deactivate the person`,
    ];
  if (Object.keys(errors).length || start === null || end === null) return { ok: false, errors };
  return { ok: true, start, end, label };
}

/** The absolute address of a staff member's calendar feed. */
export function calendarFeedUrl(origin: string, token: string): string {
  return `${origin.replace(/\/$/, "")}/calendar/${token}.ics`;
}
