import { jsonStrings } from "~/content/json";
import type { Busy } from "~/lib/booking/busy";
import type { BookingRules, Resource, WeeklyHours } from "~/lib/booking/availability";
import { storedPartsHeld } from "~/lib/booking/parts";
import type { DbOrTx } from "../../db/database.server";
import { isPostgres } from "../../db/database.server";
import { AWAITING_ANSWER, chairKey, givesToursOnly, HOLDING_STATUSES, isSuiteTour, staffKey } from "../model.server";

/** A chair or a person, with the row key that is locked while it is booked. */
export interface BookableResource extends Resource {
  staffId: number | null;
  name: string;
}

function parseHours(json: string): WeeklyHours | undefined {
  if (!json) return undefined;
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) && parsed.length === 7 ? (parsed as WeeklyHours) : undefined;
  } catch {
    return undefined;
  }
}

/** Someone on the staff as booking sees them, active or not. */
export interface RosterEntry {
  id: number;
  name: string;
  services: string[];
  hours?: WeeklyHours;
  active: boolean;
}

/** Everyone on the staff, in display order: who can be booked and what each one's time is held by. */
export async function staffRoster(db: DbOrTx): Promise<RosterEntry[]> {
  const rows = await db
    .selectFrom("staff")
    .select(["id", "name", "services", "hours", "is_active"])
    .orderBy("display_order")
    .orderBy("id")
    .execute();
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    services: jsonStrings(s.services),
    hours: parseHours(s.hours),
    active: Number(s.is_active) === 1,
  }));
}

/**
 * Who can take a booking of the service: the active staff who perform it (or the one chosen), in
 * their display order. Until the salon adds any staff (besides the suite manager), each service
 * books like one chair. Empty when staff are active but none of them does the service: it cannot
 * be booked online. A suite tour is only ever the suite manager's (no chair).
 */
export function bookableResources(
  roster: RosterEntry[],
  serviceId: string,
  staffId?: number | null,
): BookableResource[] {
  const active = roster.filter((s) => s.active && (isSuiteTour(serviceId) || !givesToursOnly(s.services)));
  if (active.length === 0 && !isSuiteTour(serviceId)) return [{ id: chairKey(serviceId), staffId: null, name: "" }];
  return active
    .filter((s) => s.services.includes(serviceId) && (staffId == null || s.id === staffId))
    .map((s) => ({ id: staffKey(s.id), staffId: s.id, name: s.name, hours: s.hours }));
}

export async function resourcesFor(
  db: DbOrTx,
  serviceId: string,
  staffId?: number | null,
): Promise<BookableResource[]> {
  return bookableResources(await staffRoster(db), serviceId, staffId);
}

const CHAIR_PREFIX = "service:";
const chairService = (key: string) => (key.startsWith(CHAIR_PREFIX) ? key.slice(CHAIR_PREFIX.length) : null);

/**
 * Whose bookings hold a resource's time, besides its own. A booking made while the salon had no
 * active staff sits on its service's chair, assigned to nobody: until it is assigned, it holds
 * every active person who does its service. So a person is also held by the appointments on the
 * chairs of their services, and a chair by everything of the active people who do its service.
 */
function holders(roster: RosterEntry[], resourceId: string): { key: string; appointmentsOnly: boolean }[] {
  const own = [{ key: resourceId, appointmentsOnly: false }];
  const service = chairService(resourceId);
  if (service !== null)
    return [
      ...own,
      ...roster
        .filter((p) => p.active && p.services.includes(service))
        .map((p) => ({ key: staffKey(p.id), appointmentsOnly: false })),
    ];
  const person = roster.find((p) => staffKey(p.id) === resourceId);
  return [...own, ...(person?.services ?? []).map((s) => ({ key: chairKey(s), appointmentsOnly: true }))];
}

/**
 * The lock rows a claim on these resources holds, so that any two claims whose bookings could
 * hold one another wait for each other: a person's own row and the chairs of their services (a
 * claim on a chair locks that chair). The owner's changes to who does what lock the same rows.
 */
export function lockKeysFor(roster: RosterEntry[], resourceIds: string[]): string[] {
  const keys = new Set<string>();
  for (const id of resourceIds) {
    keys.add(id);
    const person = roster.find((p) => staffKey(p.id) === id);
    for (const service of person?.services ?? []) keys.add(chairKey(service));
  }
  return [...keys].sort();
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
 * and blocks. A booking holds each of its parts' people (a visit of several services) only while
 * they work on it: not during a colour's processing.
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
    .select(["resource", "kind", "starts_at", "ends_at", "parts", "duration_minutes"])
    // A visit's later parts may be on others than the row's resource: visits are read whoever they hold.
    .where((eb) => eb.or([eb("resource", "in", keys), eb("parts", "!=", "")]))
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
  const wanted = new Set(keys);
  return rows.flatMap((r) => {
    if (!r.parts)
      return wanted.has(r.resource)
        ? [
            {
              resourceId: r.resource,
              start: Date.parse(r.starts_at),
              end: Date.parse(r.ends_at),
              appointment: r.kind === "appointment",
            },
          ]
        : [];
    const start = Date.parse(r.starts_at);
    const appointment = r.kind === "appointment";
    return storedPartsHeld(r)
      .filter((b) => wanted.has(b.resourceId))
      .map((b) => ({ resourceId: b.resourceId, start: start + b.start, end: start + b.end, appointment }));
  });
}

/**
 * What each resource is busy with between two instants: its own bookings and blocks, and those
 * of the bookings that hold it too (see holders), each given as the resource's.
 */
export async function busyFor(
  db: DbOrTx,
  roster: RosterEntry[],
  resourceIds: string[],
  from: number,
  to: number,
  holding: BusyQuery,
): Promise<Busy[]> {
  const heldBy = new Map<string, { resourceId: string; appointmentsOnly: boolean }[]>();
  for (const resourceId of resourceIds)
    for (const { key, appointmentsOnly } of holders(roster, resourceId)) {
      const list = heldBy.get(key) ?? [];
      list.push({ resourceId, appointmentsOnly });
      heldBy.set(key, list);
    }
  const rows = await busyBetween(db, [...heldBy.keys()], from, to, holding);
  return rows.flatMap((row) =>
    (heldBy.get(row.resourceId) ?? [])
      .filter((h) => row.appointment || !h.appointmentsOnly)
      .map((h) => ({ ...row, resourceId: h.resourceId })),
  );
}

/**
 * Makes sure each resource has its lock row (outside the booking transaction: idempotent). Rows
 * that exist are only read: on SQLite a write outside the transaction would wait for another
 * connection's open transaction.
 */
export async function ensureResourceRows(db: DbOrTx, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const existing = await db.selectFrom("booking_resources").select("key").where("key", "in", keys).execute();
  const have = new Set(existing.map((r) => r.key));
  for (const key of keys) {
    if (have.has(key)) continue;
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
