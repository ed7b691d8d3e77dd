import type { BookingRules, Busy, Resource, WeeklyHours } from "~/lib/booking/availability";
import type { DbOrTx } from "../db/database.server";
import { isPostgres } from "./rules.server";

/** Statuses whose booking keeps its time from others. */
export const HOLDING_STATUSES = ["requested", "proposed", "confirmed"] as const;
/** Holding statuses that wait for an answer (the salon's to a request, the client's to a proposed time): they expire. */
export const AWAITING_ANSWER = ["requested", "proposed"] as const;

/** A chair or a person, with the row key that is locked while it is booked. */
export interface BookableResource extends Resource {
  staffId: number | null;
  name: string;
}

export const chairKey = (serviceId: string) => `service:${serviceId}`;
export const staffKey = (staffId: number) => `staff:${staffId}`;

function parseHours(json: string): WeeklyHours | undefined {
  if (!json) return undefined;
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) && parsed.length === 7 ? (parsed as WeeklyHours) : undefined;
  } catch {
    return undefined;
  }
}

function parseServices(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Who can take a booking of the service: the active staff who perform it (or the one chosen), in
 * their display order. Until the salon adds any staff, each service books like one chair.
 */
export async function resourcesFor(
  db: DbOrTx,
  serviceId: string,
  staffId?: number | null,
): Promise<BookableResource[]> {
  const staff = await db
    .selectFrom("staff")
    .select(["id", "name", "services", "hours"])
    .where("is_active", "=", 1)
    .orderBy("display_order")
    .orderBy("id")
    .execute();
  if (staff.length === 0) return [{ id: chairKey(serviceId), staffId: null, name: "" }];
  return staff
    .filter((s) => parseServices(s.services).includes(serviceId) && (staffId == null || s.id === staffId))
    .map((s) => ({ id: staffKey(s.id), staffId: s.id, name: s.name, hours: parseHours(s.hours) }));
}

/** What counts as busy: who asks (its own booking is free to it) and how long requests hold. */
export interface BusyQuery {
  rules: Pick<BookingRules, "requestExpiryHours">;
  /** A booking being moved or confirmed: its own time does not count as taken. */
  excludeBookingId?: number;
}

/**
 * What the resources are busy with between two instants: bookings that hold their time (a
 * request or a proposed time only until it expires, even before the expiry job has marked it)
 * and blocks.
 */
export async function busyBetween(
  db: DbOrTx,
  keys: string[],
  from: number,
  to: number,
  holding: BusyQuery,
): Promise<Busy[]> {
  if (keys.length === 0) return [];
  const expiryHours = holding.rules.requestExpiryHours;
  let query = db
    .selectFrom("bookings")
    .select(["resource", "kind", "starts_at", "ends_at"])
    .where("resource", "in", keys)
    .where("status", "in", [...HOLDING_STATUSES])
    .where("starts_at", "<", new Date(to).toISOString())
    .where("ends_at", ">", new Date(from).toISOString());
  if (expiryHours !== undefined) {
    // Requests and proposals are stamped with the clock (nowIso), so the clock judges them, not a caller's "now".
    const madeAfter = new Date(Date.now() - expiryHours * 3_600_000).toISOString();
    query = query.where((eb) =>
      eb.or([eb("status", "not in", [...AWAITING_ANSWER]), eb("updated_at", ">", madeAfter)]),
    );
  }
  if (holding.excludeBookingId !== undefined) query = query.where("id", "!=", holding.excludeBookingId);
  const rows = await query.execute();
  return rows.map((r) => ({
    resourceId: r.resource,
    start: Date.parse(r.starts_at),
    end: Date.parse(r.ends_at),
    appointment: r.kind === "appointment",
  }));
}

/** Makes sure each resource has its lock row (outside the booking transaction: idempotent). */
export async function ensureResourceRows(db: DbOrTx, keys: string[]): Promise<void> {
  for (const key of keys) {
    await db
      .insertInto("booking_resources")
      .values({ key })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
  }
}

/**
 * Inside a transaction: waits for and holds the resources' lock rows until it ends, always in the
 * same order so two bookings never wait on each other. SQLite needs nothing more: its
 * transactions here begin with the database's one write lock.
 */
export async function lockResources(tx: DbOrTx, keys: string[]): Promise<void> {
  if (!isPostgres(tx) || keys.length === 0) return;
  await tx
    .selectFrom("booking_resources")
    .select("key")
    .where("key", "in", [...keys].sort())
    .orderBy("key")
    .forUpdate()
    .execute();
}
