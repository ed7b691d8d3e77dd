import { jsonStrings } from "~/content/json";
import { sql, type Selectable } from "kysely";
import { BOOKING_SERVICES } from "~/content/bookings";
import type { CalendarEntry, CalendarResource } from "~/lib/booking/calendar";
import type { StaffMember } from "~/lib/booking/staff";
import { bookingParts } from "~/lib/booking/parts";
import { pageSlice, type PageSlice } from "~/lib/paging";
import type { DbOrTx } from "../../db/database.server";
import type { BookingsTable } from "../../db/schema";
import { bookedOptionLine, chairKey, givesToursOnly, HOLDING_STATUSES, serviceTitle, staffKey } from "../model.server";

type Row = Selectable<BookingsTable>;

/**
 * The columns of the front desk's calendar and the choices of "Block time": the active staff in
 * their order, or, until the salon adds staff, one chair per bookable service (and the suite
 * manager, whose tours are their bookings).
 */
export async function calendarResources(db: DbOrTx): Promise<CalendarResource[]> {
  const staff = await activeStaff(db);
  const people = staff.map((s) => ({ key: staffKey(s.id), name: s.name, staffId: s.id }));
  if (staff.some((s) => !givesToursOnly(s.services))) return people;
  return [...BOOKING_SERVICES.map((s) => ({ key: chairKey(s.id), name: s.title, staffId: null })), ...people];
}

/** The people working now, in the calendar's order, with their services. */
export async function activeStaff(db: DbOrTx): Promise<Pick<StaffMember, "id" | "name" | "services" | "isActive">[]> {
  const rows = await db
    .selectFrom("staff")
    .select(["id", "name", "services"])
    .where("is_active", "=", 1)
    .orderBy("display_order")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, services: jsonStrings(r.services), isActive: true }));
}

/** Every person's name by id, active or not (a booking may name someone who has left). */
export async function staffNames(db: DbOrTx): Promise<Map<number, string>> {
  const rows = await db.selectFrom("staff").select(["id", "name"]).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A booking row as the admin screen shows it. */
export function toEntry(row: Row, names: Map<number, string>): CalendarEntry {
  return {
    id: row.id,
    kind: row.kind,
    resource: row.resource,
    staff: row.staff_id ? (names.get(row.staff_id) ?? "") : "",
    status: row.status,
    source: row.source,
    service: row.kind === "appointment" ? serviceTitle(row.service) : "",
    option: row.kind === "appointment" ? bookedOptionLine(row) : row.option_name,
    price: row.price,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    requestedStartsAt: row.requested_starts_at,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    reason: row.reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    outcome: row.outcome,
    clientId: row.client_id,
    part: 0,
    parts: row.parts ? bookingParts(row).length : 1,
    processing: null,
  };
}

const MINUTE = 60_000;

/**
 * A booking row as the calendar's columns show it: one entry per service of a visit, each in its
 * person's column at its own time, with its processing time.
 */
export function toPartEntries(row: Row, names: Map<number, string>): CalendarEntry[] {
  const entry = toEntry(row, names);
  if (!row.parts) return [entry];
  const start = Date.parse(row.starts_at);
  const parts = bookingParts(row);
  return parts.map((part, index) => {
    const from = start + part.offsetMinutes * MINUTE;
    const gap = part.processing && from + part.processing.afterMinutes * MINUTE;
    return {
      ...entry,
      resource: part.resource,
      staff: part.staffId ? (names.get(part.staffId) ?? "") : "",
      service: serviceTitle(part.service),
      option: part.option,
      price: part.price,
      startsAt: new Date(from).toISOString(),
      endsAt: new Date(from + part.durationMinutes * MINUTE).toISOString(),
      part: index,
      parts: parts.length,
      processing:
        part.processing && gap
          ? {
              startsAt: new Date(gap).toISOString(),
              endsAt: new Date(gap + part.processing.minutes * MINUTE).toISOString(),
            }
          : null,
    };
  });
}

/** Appointments and blocks that hold time between two instants, in order. */
export async function calendarEntries(db: DbOrTx, from: number, to: number): Promise<CalendarEntry[]> {
  const [rows, names] = await Promise.all([
    db
      .selectFrom("bookings")
      .selectAll()
      .where("status", "in", [...HOLDING_STATUSES])
      .where("starts_at", "<", new Date(to).toISOString())
      .where("ends_at", ">", new Date(from).toISOString())
      .orderBy("starts_at")
      .orderBy("id")
      .execute(),
    staffNames(db),
  ]);
  return rows.flatMap((row) => toPartEntries(row, names));
}

/** Requests and proposals on the calendar screen: 10 cards a page. */
export const REQUESTS_PAGE_SIZE = 10;

/**
 * One page of the requests waiting for the salon, then the proposals waiting for the client, each
 * soonest first, with how many of each there are in all: a salon back from a week away may have hundreds.
 */
export async function pendingEntriesPage(
  db: DbOrTx,
  requested: number,
  pageSize = REQUESTS_PAGE_SIZE,
): Promise<{ entries: CalendarEntry[]; waiting: number; proposed: number } & PageSlice> {
  const pending = db
    .selectFrom("bookings")
    .where("kind", "=", "appointment")
    .where("status", "in", ["requested", "proposed"]);
  const counts = await pending
    .select(["status", (eb) => eb.fn.countAll<number | string>().as("n")])
    .groupBy("status")
    .execute();
  const waiting = Number(counts.find((c) => c.status === "requested")?.n ?? 0);
  const proposed = Number(counts.find((c) => c.status === "proposed")?.n ?? 0);
  const slice = pageSlice(waiting + proposed, requested, pageSize);
  const [rows, names] = await Promise.all([
    pending
      .selectAll()
      .orderBy(sql`case when status = 'requested' then 0 else 1 end`)
      .orderBy("starts_at")
      .orderBy("id")
      .limit(Math.min(pageSize, waiting + proposed))
      .offset(slice.offset)
      .execute(),
    staffNames(db),
  ]);
  return { entries: rows.map((row) => toEntry(row, names)), waiting, proposed, ...slice };
}

/** How many requests wait for the salon's answer (the sidebar's count). */
export async function waitingRequestCount(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom("bookings")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("kind", "=", "appointment")
    .where("status", "=", "requested")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One booking or block by id, whatever its status (the details window). */
export async function findEntry(db: DbOrTx, id: number): Promise<CalendarEntry | undefined> {
  const row = await db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const names = await staffNames(db);
  const entry = toEntry(row, names);
  if (!row.parts) return entry;
  const visit = toPartEntries(row, names).map(({ service, option, staff, startsAt, endsAt, processing }) => ({
    service,
    option,
    staff,
    startsAt,
    endsAt,
    processing,
  }));
  return { ...entry, visit };
}

/**
 * The day view's columns: the resources, then any other a booking in view holds (someone no
 * longer active, a chair booked before staff were added), so nothing in view goes unshown.
 */
export function columnsFor(resources: CalendarResource[], entries: CalendarEntry[]): CalendarResource[] {
  const columns = [...resources];
  for (const entry of entries) {
    if (columns.some((c) => c.key === entry.resource)) continue;
    const chair = BOOKING_SERVICES.find((s) => chairKey(s.id) === entry.resource);
    const staffId = entry.resource.startsWith("staff:") ? Number(entry.resource.slice(6)) : null;
    columns.push({ key: entry.resource, name: entry.staff || chair?.title || entry.resource, staffId });
  }
  return columns;
}

/** Active staff with the services they take (the "New booking" form's choices). */
export async function bookableStaff(db: DbOrTx): Promise<{ id: number; name: string; services: string[] }[]> {
  const rows = await db
    .selectFrom("staff")
    .select(["id", "name", "services"])
    .where("is_active", "=", 1)
    .orderBy("display_order")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, services: jsonStrings(r.services) }));
}
