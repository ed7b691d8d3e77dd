import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Selectable } from "kysely";
import type { ContentService } from "../../content/content.server";
import { nowIso, type DbOrTx } from "../../db/database.server";
import type { BookingsTable } from "../../db/schema";
import { appointmentFeed, type CalendarAppointment } from "./ical.server";
import type { BookingPart } from "~/lib/booking/parts";
import { bookedOptionLine, getBookingSettings, HOLDING_STATUSES, partsOptionLine, serviceTitle } from "../model.server";

/** The settings key of the salon-wide feed's token. */
export const SALON_CALENDAR_TOKEN_KEY = "booking_calendar_token";

const DAY = 24 * 3_600_000;
/** How far back a feed reaches: the last month stays visible in the subscriber's calendar. */
const FEED_PAST_DAYS = 30;
const TOKEN = /^[A-Za-z0-9_-]{22,128}$/;

/** A feed's secret: 192 random bits, URL-safe. The URL is the only key to the feed. */
export function newCalendarToken(): string {
  return randomBytes(24).toString("base64url");
}

export function calendarFeedUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/calendar/${token}.ics`;
}

async function storedSalonToken(db: DbOrTx): Promise<string | undefined> {
  const row = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", SALON_CALENDAR_TOKEN_KEY)
    .executeTakeFirst();
  return row?.value;
}

/** The salon-wide feed's token, made the first time it is asked for. */
export async function salonCalendarToken(db: DbOrTx): Promise<string> {
  const stored = await storedSalonToken(db);
  if (stored) return stored;
  await db
    .insertInto("settings")
    .values({ key: SALON_CALENDAR_TOKEN_KEY, value: newCalendarToken(), updated_at: nowIso(), updated_by: null })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  // Two first requests at once: both answer with the one that was stored.
  return (await storedSalonToken(db))!;
}

/** A new token for the salon-wide feed: the old URL stops working at once. */
export async function regenerateSalonCalendarToken(db: DbOrTx, userId: number | null): Promise<string> {
  const value = newCalendarToken();
  const now = nowIso();
  await db
    .insertInto("settings")
    .values({ key: SALON_CALENDAR_TOKEN_KEY, value, updated_at: now, updated_by: userId })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now, updated_by: userId }))
    .execute();
  return value;
}

function sameToken(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type FeedOwner = { kind: "salon" } | { kind: "staff"; id: number; name: string };

/**
 * Whose feed a token opens: the salon's, an active staff member's, or nobody's. Every stored token
 * is compared in constant time, so the answer's timing tells nothing about how close a guess was.
 */
export async function findFeedOwner(db: DbOrTx, token: string): Promise<FeedOwner | null> {
  if (!TOKEN.test(token)) return null;
  const [salon, staff] = await Promise.all([
    storedSalonToken(db),
    db.selectFrom("staff").select(["id", "name", "calendar_token"]).where("is_active", "=", 1).execute(),
  ]);
  let owner: FeedOwner | null = salon !== undefined && sameToken(salon, token) ? { kind: "salon" } : null;
  for (const person of staff) {
    if (sameToken(person.calendar_token, token)) owner = { kind: "staff", id: person.id, name: person.name };
  }
  return owner;
}

const STATUS_LINES: Record<string, { prefix: string; line: string }> = {
  requested: { prefix: "Request: ", line: "Waiting for confirmation" },
  proposed: { prefix: "Proposed: ", line: "New time proposed to the client, waiting for their answer" },
  confirmed: { prefix: "", line: "Confirmed" },
};

/** The salon's address on one line, as a calendar's location. */
export function salonAddress(contact: {
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  zip: string;
}): string {
  const region = [contact.state, contact.zip].filter(Boolean).join(" ");
  return [contact.address_line1, contact.address_line2, contact.city, region].filter(Boolean).join(", ");
}

/**
 * A booking as the salon's calendars show it (the feeds, and the invitations in the salon's
 * e-mails): the client's name, phone, e-mail and notes at a glance; tentative until confirmed.
 * `staff`: the person booked, when the calendar is not theirs alone.
 */
export function salonAppointment(
  row: Selectable<BookingsTable>,
  options: {
    staff: string;
    location: string;
    /** A person's own parts of a visit: the event is theirs, from their first part's start to their last's end. */
    parts?: BookingPart[];
  },
): CalendarAppointment {
  const own = options.parts?.length ? options.parts : null;
  const service = serviceTitle(own ? own[0].service : row.service);
  const option = own ? partsOptionLine(own) : bookedOptionLine(row);
  const start = Date.parse(row.starts_at);
  const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
  const what = option && option !== service ? `${service} — ${option}` : service;
  const client = `${row.first_name} ${row.last_name}`.trim();
  const status = STATUS_LINES[row.status] ?? STATUS_LINES.confirmed;
  const lines: [string, string][] = [
    ["Service", what],
    ["Client", client],
    ["Phone", row.phone],
    ["E-mail", row.email],
    ["With", options.staff],
    [
      "Price",
      own
        ? own
            .map((p) => p.price)
            .filter(Boolean)
            .join(" + ")
        : row.price,
    ],
    ["Notes", row.notes],
    ["Status", status.line],
  ];
  return {
    id: row.id,
    startsAt: own ? at(own[0].offsetMinutes) : row.starts_at,
    endsAt: own ? at(Math.max(...own.map((p) => p.offsetMinutes + p.durationMinutes))) : row.ends_at,
    summary: `${status.prefix}${client ? `${client} — ` : ""}${service}`,
    description: lines
      .filter(([, value]) => value)
      .map(([label, value]) => `${label}: ${value}`)
      .join("\n"),
    location: options.location,
    tentative: row.status !== "confirmed",
    sequence: row.sequence,
    updatedAt: row.updated_at,
  };
}

/**
 * The iCalendar feed a token opens (null: none): the appointments that hold a time, from a month
 * back to the end of the booking window; those not confirmed yet are tentative. The salon's feed
 * has everyone's, a staff member's their own. Events carry what the salon needs at a glance: the
 * client's name, phone, e-mail and notes (the URL is the secret; staff subscribe from their own
 * calendar apps).
 */
export async function calendarFeed(
  db: DbOrTx,
  content: ContentService,
  token: string,
  options: { publicUrl: string; now?: number },
): Promise<string | null> {
  const owner = await findFeedOwner(db, token);
  if (!owner) return null;
  const now = options.now ?? Date.now();
  const [settings, contact] = await Promise.all([getBookingSettings(db), content.getPage("contact")]);
  let query = db
    .selectFrom("bookings")
    .leftJoin("staff", "staff.id", "bookings.staff_id")
    .selectAll("bookings")
    .select("staff.name as staff_name")
    .where("bookings.kind", "=", "appointment")
    .where("bookings.status", "in", [...HOLDING_STATUSES])
    .where("bookings.starts_at", ">=", new Date(now - FEED_PAST_DAYS * DAY).toISOString())
    .where("bookings.starts_at", "<", new Date(now + (settings.windowDays + 1) * DAY).toISOString())
    .orderBy("bookings.starts_at");
  // A visit holds its later parts' people too (their ids in its stored parts, as JSON writes them).
  if (owner.kind === "staff")
    query = query.where((eb) =>
      eb.or([eb("bookings.staff_id", "=", owner.id), eb("bookings.parts", "like", `%"staffId":${owner.id},%`)]),
    );
  const rows = await query.execute();
  const location = salonAddress(contact);
  const appointments = rows.map(({ staff_name, ...row }) =>
    salonAppointment(row, { staff: owner.kind === "salon" ? (staff_name ?? "") : "", location }),
  );
  const name =
    owner.kind === "salon" ? `${contact.business_name} — appointments` : `${owner.name} — ${contact.business_name}`;
  return appointmentFeed({ name, host: new URL(options.publicUrl).hostname, appointments });
}
