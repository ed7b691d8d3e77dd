import {
  dayClock,
  localDate,
  weekdayOf,
  type BookingRules,
  type WallInterval,
  type WeeklyHours,
} from "~/lib/booking/availability";
import { HOLDING_STATUSES, keptBookingsNote } from "~/lib/booking/model";
import {
  BOOKING_SETTING_KEYS,
  BOOKING_SETTINGS_DEFAULTS,
  bookingSettingsSchema,
  type BookingSettings,
} from "~/lib/booking/settings";
import { parseStoredHours } from "~/lib/booking/working-hours";
import { parseHoursRange, weeklyHours } from "~/lib/hours";
import type { ContentService } from "../content/content.server";
import { nowIso, type DbOrTx } from "../db/database.server";

/**
 * The booking module's words (app/lib/booking/model.ts: statuses and their changes, resource keys,
 * titles, refusals) and, on the server, the settings reader: the booking settings and the rules
 * (hours, closures, notice) every part of the module books by.
 */
export * from "~/lib/booking/model";

/** The booking settings; a stored value that no longer passes its check reads as the default. */
export async function getBookingSettings(db: DbOrTx): Promise<BookingSettings> {
  const keys = Object.values(BOOKING_SETTING_KEYS);
  const rows = await db.selectFrom("settings").select(["key", "value"]).where("key", "in", keys).execute();
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const settings = { ...BOOKING_SETTINGS_DEFAULTS };
  for (const [name, key] of Object.entries(BOOKING_SETTING_KEYS) as [keyof BookingSettings, string][]) {
    const value = stored.get(key);
    if (value === undefined) continue;
    const parsed = bookingSettingsSchema.shape[name].safeParse(value);
    if (parsed.success) Object.assign(settings, { [name]: parsed.data });
  }
  return settings;
}

export async function saveBookingSettings(db: DbOrTx, settings: BookingSettings, userId: number | null): Promise<void> {
  const valid = bookingSettingsSchema.parse(settings);
  const now = nowIso();
  for (const [name, key] of Object.entries(BOOKING_SETTING_KEYS) as [keyof BookingSettings, string][]) {
    const value = String(valid[name]);
    await db
      .insertInto("settings")
      .values({ key, value, updated_at: now, updated_by: userId })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now, updated_by: userId }))
      .execute();
  }
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The salon's weekly opening hours, read from the contact page's hours (the one place the owner
 * edits them). A day whose text is not a time range ("Closed", "By appointment") takes no online
 * bookings.
 */
export function openingHours(contact: Parameters<typeof weeklyHours>[0]): WeeklyHours {
  return weeklyHours(contact).map((day): WallInterval[] => {
    if (day.closed) return [];
    const range = parseHoursRange(day.text);
    if (!range) return [];
    const opens = toMinutes(range.opens);
    // "9:00 AM - 12:00 AM" closes at midnight.
    const closes = range.closes === "00:00" ? 24 * 60 : toMinutes(range.closes);
    return opens < closes ? [{ opens, closes }] : [];
  });
}

// The contact page object stays the same until the page changes: its hours are parsed once.
const hoursByPage = new WeakMap<object, WeeklyHours>();

function cachedOpeningHours(contact: Parameters<typeof weeklyHours>[0]): WeeklyHours {
  let hours = hoursByPage.get(contact);
  if (!hours) {
    hours = openingHours(contact);
    hoursByPage.set(contact, hours);
  }
  return hours;
}

export interface LoadedRules {
  rules: BookingRules;
  settings: BookingSettings;
}

/** Everything availability needs besides the people and their busy times. */
export async function loadBookingRules(db: DbOrTx, content: ContentService): Promise<LoadedRules> {
  const [settings, siteSettings, contact, closures] = await Promise.all([
    getBookingSettings(db),
    content.getSettings(),
    content.getPage("contact"),
    db.selectFrom("booking_closures").select(["from_date", "to_date", "label"]).orderBy("from_date").execute(),
  ]);
  return {
    settings,
    rules: {
      timeZone: siteSettings.timeZone,
      hours: cachedOpeningHours(contact),
      closures: closures.map((c) => ({ from: c.from_date, to: c.to_date, label: c.label })),
      leadMinutes: settings.leadMinutes,
      windowDays: settings.windowDays,
      stepMinutes: settings.stepMinutes,
      bufferMinutes: settings.bufferMinutes,
      requestExpiryHours: settings.requestExpiryHours,
    },
  };
}

/**
 * The upcoming appointments that hold their time outside the salon's opening hours, or outside
 * their person's own working hours, by id. Read before and after a change of either, or of the time
 * zone: the bookings are kept where they are, and the owner is told of those the change left
 * outside (changeHours).
 */
export async function bookedOutsideHours(db: DbOrTx, content: ContentService, now = Date.now()): Promise<Set<number>> {
  const { rules } = await loadBookingRules(db, content);
  const rows = await db
    .selectFrom("bookings")
    .select(["id", "starts_at", "ends_at", "staff_id"])
    .where("kind", "=", "appointment")
    .where("status", "in", [...HOLDING_STATUSES])
    .where("starts_at", ">=", new Date(now).toISOString())
    .execute();
  const ownHours = new Map(
    (await db.selectFrom("staff").select(["id", "hours"]).execute()).map((s) => [s.id, parseStoredHours(s.hours)]),
  );
  const outside = new Set<number>();
  for (const row of rows) {
    const start = Date.parse(row.starts_at);
    const end = Date.parse(row.ends_at);
    const date = localDate(start, rules.timeZone);
    const clock = dayClock(date, rules.timeZone);
    const holds = (day: WallInterval[] | undefined) =>
      (day ?? []).some((interval) => {
        const opens = clock.instant(interval.opens);
        const closes = clock.instant(interval.closes);
        return opens !== null && closes !== null && opens <= start && end <= closes;
      });
    const own = row.staff_id === null ? null : ownHours.get(row.staff_id);
    const weekday = weekdayOf(date);
    if (!holds(rules.hours[weekday]) || (own && !holds(own[weekday]))) outside.add(row.id);
  }
  return outside;
}

/**
 * Makes a change of the hours (the salon's, a person's, or the time zone) and says how many
 * upcoming appointments it left outside them, as the answer's `notice` (absent when none). Only
 * those the change moved outside count: one the desk gave outside the hours on purpose is not
 * announced again. `where` says whose hours: "outside the new opening hours".
 */
export async function changeHours<T>(
  { db, content }: { db: DbOrTx; content: ContentService },
  change: () => Promise<T>,
  { where = "outside the new opening hours", now = Date.now() }: { where?: string; now?: number } = {},
): Promise<{ value: T; notice?: string }> {
  const before = await bookedOutsideHours(db, content, now);
  const value = await change();
  const count = [...(await bookedOutsideHours(db, content, now))].filter((id) => !before.has(id)).length;
  return count === 0 ? { value } : { value, notice: keptBookingsNote(count, where) };
}
