import { jsonStrings } from "~/content/json";
import { BOOKING_SERVICES } from "~/content/bookings";
import {
  STAFF_MESSAGES,
  STAFF_PAGE_SIZE,
  type StaffInput,
  type StaffMember,
  type TimeOffEntry,
  type UnassignedBooking,
} from "~/lib/booking/staff";
import { parseStoredHours } from "~/lib/booking/working-hours";
import { pageSlice, type PageSlice } from "~/lib/paging";
import { formatDateTime } from "~/lib/dates";
import { audit } from "../../audit/audit.server";
import type { ContentService } from "../../content/content.server";
import { nowIso, type Db, type DbOrTx } from "../../db/database.server";
import { getSettings } from "../../settings/settings.server";
import { changeBooking, claimFor, describeBooking, type BookingRow } from "../commands/booking-change.server";
import { ensureResourceRows, lockResources } from "../engine/resources.server";
import { BookingRefusedError, claimBlock, claimTime } from "../engine/reserve.server";
import {
  BOOKING_REFUSALS,
  chairKey,
  getBookingSettings,
  HOLDING_STATUSES,
  loadBookingRules,
  serviceTitle,
  staffKey,
} from "../model.server";
import { newCalendarToken } from "../notices/calendar-feed.server";

/**
 * The salon's staff as the admin manages them: who they are, the services they do, their hours,
 * their time off (blocks on their own resource, taken through claimTime like any booking) and the
 * secret link of their calendar feed. Every change writes an audit row.
 */

export interface Actor {
  userId: number | null;
  email: string | null;
  /**
   * Told by a staff command once its change is committed (the running site's BookingLinks.onChange:
   * the cached pages that list free times are dropped on every instance); not when it is refused.
   */
  onChange?: () => void;
}

async function announcedBy<T>(actor: Actor, change: Promise<T>): Promise<T> {
  const changed = await change;
  actor.onChange?.();
  return changed;
}

/** A refused change of the staff; nothing was written. A booking refusal, answered the same way. */
export class StaffRefusedError extends BookingRefusedError {}

const AUDIT_TARGET = "Staff";
const MINUTE = 60_000;

const staffColumns = [
  "id",
  "name",
  "email",
  "photo_url",
  "services",
  "hours",
  "is_active",
  "display_order",
  "calendar_token",
] as const;

type StaffRow = {
  id: number;
  name: string;
  email: string;
  photo_url: string;
  services: string;
  hours: string;
  is_active: number;
  display_order: number;
  calendar_token: string;
};

/** Who of `ids` has an appointment, ever: one index probe each, stopped at the first booking found. */
async function staffWithBookings(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("staff")
    .select("staff.id")
    .where("staff.id", "in", ids)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("bookings")
          .select("bookings.id")
          .whereRef("bookings.staff_id", "=", "staff.id")
          .where("bookings.kind", "=", "appointment"),
      ),
    )
    .execute();
  return new Set(rows.map((r) => r.id));
}

function toMember(row: StaffRow, booked: Set<number>): StaffMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    photoUrl: row.photo_url,
    services: jsonStrings(row.services),
    hours: parseStoredHours(row.hours),
    isActive: Number(row.is_active) === 1,
    displayOrder: row.display_order,
    calendarToken: row.calendar_token,
    hasBookings: booked.has(row.id),
  };
}

/** One page of the staff list: everyone, active or not, in display order. */
export async function listStaffPage(
  db: DbOrTx,
  page: number,
): Promise<{ members: StaffMember[]; total: number; offset: number } & PageSlice> {
  const { count } = await db
    .selectFrom("staff")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const slice = pageSlice(total, page, STAFF_PAGE_SIZE);
  const rows = await db
    .selectFrom("staff")
    .select(staffColumns)
    .orderBy("display_order")
    .orderBy("id")
    .limit(STAFF_PAGE_SIZE)
    .offset(slice.offset)
    .execute();
  const booked = await staffWithBookings(
    db,
    rows.map((r) => r.id),
  );
  return { members: rows.map((r) => toMember(r, booked)), total, ...slice };
}

/** The people working now (active), with their services: what the staff page's notices weigh. */
export { activeStaff } from "../engine/calendar.server";

export async function findStaff(db: DbOrTx, id: number): Promise<StaffMember | undefined> {
  if (!Number.isSafeInteger(id)) return undefined;
  const row = await db.selectFrom("staff").select(staffColumns).where("id", "=", id).executeTakeFirst();
  return row && toMember(row, await staffWithBookings(db, [row.id]));
}

async function requireMember(db: DbOrTx, id: number): Promise<StaffMember> {
  const member = await findStaff(db, id);
  if (!member) throw new StaffRefusedError(404, STAFF_MESSAGES.notFound);
  return member;
}

const stored = (input: StaffInput) => ({
  name: input.name,
  email: input.email,
  photo_url: input.photoUrl,
  services: JSON.stringify(input.services),
  hours: input.hours ? JSON.stringify(input.hours) : "",
});

/** Adds someone at the end of the list, active, with a calendar feed link of their own. */
export async function createStaff(db: Db, actor: Actor, input: StaffInput): Promise<StaffMember> {
  return announcedBy(
    actor,
    db.transaction().execute(async (tx) => {
      const last = await tx
        .selectFrom("staff")
        .select((eb) => eb.fn.max("display_order").as("max"))
        .executeTakeFirst();
      const at = nowIso();
      const row = await tx
        .insertInto("staff")
        .values({
          ...stored(input),
          is_active: 1,
          display_order: Number(last?.max ?? -1) + 1,
          calendar_token: newCalendarToken(),
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await tx
        .insertInto("booking_resources")
        .values({ key: staffKey(row.id) })
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
      await audit(tx, actor, `added staff member ${input.name}`, AUDIT_TARGET, { services: input.services });
      return (await findStaff(tx, row.id))!;
    }),
  );
}

/**
 * The rows a change of who does what locks: the person's and every chair, in the order claims
 * lock them (see lockKeysFor), so no booking that would hold them slips in meanwhile.
 */
async function changeWhoDoesWhat<T>(db: Db, id: number, change: (tx: DbOrTx) => Promise<T>): Promise<T> {
  const keys = [staffKey(id), ...BOOKING_SERVICES.map((s) => chairKey(s.id))];
  await ensureResourceRows(db, keys);
  return db.transaction().execute(async (tx) => {
    await lockResources(tx, keys);
    return change(tx);
  });
}

/** The person's bookings and time off that have not ended, soonest first. */
function heldBy(db: DbOrTx, id: number, now: number, kind?: "appointment"): Promise<BookingRow[]> {
  let query = db
    .selectFrom("bookings")
    .selectAll()
    .where("resource", "=", staffKey(id))
    .where("status", "in", [...HOLDING_STATUSES])
    .where("ends_at", ">", new Date(now).toISOString());
  if (kind) query = query.where("kind", "=", kind);
  return query.orderBy("starts_at").orderBy("id").execute();
}

/** Upcoming appointments made while nobody was active: on their service's chair, assigned to no one. */
function unassignedRows(db: DbOrTx, services: string[], now: number): Promise<BookingRow[]> {
  if (services.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("bookings")
    .selectAll()
    .where("kind", "=", "appointment")
    .where("staff_id", "is", null)
    .where("resource", "in", services.map(chairKey))
    .where("status", "in", [...HOLDING_STATUSES])
    .where("ends_at", ">", new Date(now).toISOString())
    .orderBy("starts_at")
    .orderBy("id")
    .execute();
}

/**
 * Once someone active does a service, its unassigned bookings hold them too (see busyFor): a
 * change that would make them do it (the service given, or the person activated) is refused while
 * one of those bookings overlaps their own bookings or time off (with the buffer after
 * appointments), so nobody ends up booked twice.
 */
async function refuseUnassignedOverlap(
  tx: DbOrTx,
  member: { id: number; name: string },
  services: string[],
  refusal: string,
  now: number,
): Promise<void> {
  const unassigned = await unassignedRows(tx, services, now);
  if (unassigned.length === 0) return;
  const own = await heldBy(tx, member.id, now);
  const { bufferMinutes } = await getBookingSettings(tx);
  const end = (row: BookingRow) => Date.parse(row.ends_at) + (row.kind === "appointment" ? bufferMinutes * MINUTE : 0);
  const clashes = unassigned.filter((u) =>
    own.some((o) => Date.parse(o.starts_at) < end(u) && Date.parse(u.starts_at) < end(o)),
  );
  if (clashes.length === 0) return;
  const { timeZone } = await getSettings(tx);
  throw new StaffRefusedError(
    409,
    STAFF_MESSAGES.unassignedOverlap(refusal, member.name, clashes.length, describeBooking(clashes[0], timeZone)),
  );
}

export async function updateStaff(
  db: Db,
  actor: Actor,
  id: number,
  input: StaffInput,
  now = Date.now(),
): Promise<StaffMember> {
  return announcedBy(
    actor,
    changeWhoDoesWhat(db, id, async (tx) => {
      const before = await requireMember(tx, id);
      const added = input.services.filter((s) => !before.services.includes(s));
      if (before.isActive && added.length)
        await refuseUnassignedOverlap(
          tx,
          { id, name: input.name },
          added,
          `${input.name} cannot take ${added.map(serviceTitle).join(", ")} yet`,
          now,
        );
      await tx
        .updateTable("staff")
        .set({ ...stored(input), updated_at: nowIso() })
        .where("id", "=", id)
        .execute();
      await audit(tx, actor, `updated staff member ${input.name}`, AUDIT_TARGET, {
        ...(before.name !== input.name ? { renamedFrom: before.name } : {}),
        services: input.services,
        ownHours: input.hours !== null,
      });
      return (await findStaff(tx, id))!;
    }),
  );
}

/**
 * Deactivated people take no new bookings and drop out of availability; their bookings stay and
 * keep holding their time. Activating someone again is refused while it would double-book them
 * (see refuseUnassignedOverlap).
 */
export async function setStaffActive(
  db: Db,
  actor: Actor,
  id: number,
  active: boolean,
  now = Date.now(),
): Promise<StaffMember> {
  return announcedBy(
    actor,
    changeWhoDoesWhat(db, id, async (tx) => {
      const member = await requireMember(tx, id);
      if (active && !member.isActive)
        await refuseUnassignedOverlap(tx, member, member.services, `${member.name} cannot be activated yet`, now);
      await tx
        .updateTable("staff")
        .set({ is_active: active ? 1 : 0, updated_at: nowIso() })
        .where("id", "=", id)
        .execute();
      await audit(tx, actor, `${active ? "activated" : "deactivated"} staff member ${member.name}`, AUDIT_TARGET);
      return { ...member, isActive: active };
    }),
  );
}

/** How many appointments the person still has to come, and the first, as the admin names it. */
export async function upcomingAppointments(
  db: DbOrTx,
  id: number,
  now = Date.now(),
): Promise<{ count: number; first: string }> {
  const rows = await heldBy(db, id, now, "appointment");
  const { timeZone } = await getSettings(db);
  return { count: rows.length, first: rows[0] ? describeBooking(rows[0], timeZone) : "" };
}

/** Every upcoming booking that no one is assigned to, soonest first. */
export async function listUnassignedBookings(db: DbOrTx, now = Date.now()): Promise<UnassignedBooking[]> {
  const rows = await unassignedRows(
    db,
    BOOKING_SERVICES.map((s) => s.id),
    now,
  );
  return rows.map((r) => ({
    id: r.id,
    service: r.service,
    startsAt: r.starts_at,
    client: `${r.first_name} ${r.last_name}`.trim(),
  }));
}

/**
 * Assigns the person every upcoming unassigned booking of the services they do, each claimed on
 * their calendar as the front desk would book it (never over their bookings or time off). Those
 * that would double-book them stay unassigned, and keep holding everyone who does their service.
 */
export async function assignUnassignedBookings(
  db: Db,
  content: ContentService,
  actor: Actor,
  id: number,
  now = Date.now(),
): Promise<{ member: StaffMember; assigned: number; refused: string[] }> {
  const member = await requireMember(db, id);
  if (!member.isActive) throw new StaffRefusedError(409, STAFF_MESSAGES.assignInactive(member.name));
  const { rules } = await loadBookingRules(db, content);
  const resource = { id: staffKey(id), staffId: id, name: member.name, hours: member.hours ?? undefined };
  let assigned = 0;
  const refused: string[] = [];
  for (const row of await unassignedRows(db, member.services, now)) {
    try {
      await claimTime(db, claimFor(row, rules, now, { resources: [resource] }), async (tx) => {
        const updated = await changeBooking(tx, row, {
          from: HOLDING_STATUSES,
          unchanged: ["starts_at"],
          refusal: STAFF_MESSAGES.notFound,
          set: { resource: resource.id, staff_id: id },
        });
        await audit(tx, actor, `assigned a booking to ${member.name}`, describeBooking(updated, rules.timeZone), {
          id: row.id,
        });
      });
      assigned++;
    } catch (error) {
      if (!(error instanceof BookingRefusedError)) throw error;
      // Cancelled or moved meanwhile: nothing to say about it.
      if (error.message === BOOKING_REFUSALS.taken) refused.push(describeBooking(row, rules.timeZone));
    }
  }
  if (assigned) actor.onChange?.();
  return { member, assigned, refused };
}

/** Only someone no appointment names can be deleted (their time off goes with them). */
export async function deleteStaff(db: Db, actor: Actor, id: number): Promise<StaffMember> {
  return announcedBy(
    actor,
    db.transaction().execute(async (tx) => {
      const member = await requireMember(tx, id);
      if (member.hasBookings) throw new StaffRefusedError(409, STAFF_MESSAGES.hasBookings(member.name));
      const key = staffKey(id);
      const appointments = await tx
        .selectFrom("bookings")
        .select("id")
        .where("resource", "=", key)
        .where("kind", "=", "appointment")
        .executeTakeFirst();
      if (appointments) throw new StaffRefusedError(409, STAFF_MESSAGES.hasBookings(member.name));
      await tx.deleteFrom("bookings").where("resource", "=", key).where("kind", "=", "block").execute();
      await tx.deleteFrom("booking_resources").where("key", "=", key).execute();
      await tx.deleteFrom("staff").where("id", "=", id).execute();
      await audit(tx, actor, `deleted staff member ${member.name}`, AUDIT_TARGET);
      return member;
    }),
  );
}

/** Moves someone one place up or down the display order (the order the booking page lists them in). */
export async function moveStaff(db: Db, actor: Actor, id: number, by: -1 | 1): Promise<void> {
  await announcedBy(
    actor,
    db.transaction().execute(async (tx) => {
      const rows = await tx.selectFrom("staff").select(["id", "name"]).orderBy("display_order").orderBy("id").execute();
      const index = rows.findIndex((r) => r.id === id);
      if (index < 0) throw new StaffRefusedError(404, STAFF_MESSAGES.notFound);
      const to = index + by;
      if (to < 0 || to >= rows.length) return;
      [rows[index], rows[to]] = [rows[to], rows[index]];
      for (const [order, row] of rows.entries())
        await tx.updateTable("staff").set({ display_order: order }).where("id", "=", row.id).execute();
      await audit(tx, actor, `moved staff member ${rows[to].name} ${by < 0 ? "up" : "down"}`, AUDIT_TARGET);
    }),
  );
}

/** A new feed link; the old one stops working at once. */
export async function regenerateCalendarToken(db: Db, actor: Actor, id: number): Promise<StaffMember> {
  return db.transaction().execute(async (tx) => {
    const member = await requireMember(tx, id);
    const token = newCalendarToken();
    await tx.updateTable("staff").set({ calendar_token: token, updated_at: nowIso() }).where("id", "=", id).execute();
    await audit(tx, actor, `regenerated the calendar feed link of ${member.name}`, AUDIT_TARGET);
    return { ...member, calendarToken: token };
  });
}

/** Time off that has not ended yet, soonest first. */
export async function listTimeOff(db: DbOrTx, staffId: number, now = Date.now()): Promise<TimeOffEntry[]> {
  const rows = await db
    .selectFrom("bookings")
    .select(["id", "starts_at", "ends_at", "notes"])
    .where("resource", "=", staffKey(staffId))
    .where("kind", "=", "block")
    .where("status", "in", [...HOLDING_STATUSES])
    .where("ends_at", ">", new Date(now).toISOString())
    .orderBy("starts_at")
    .execute();
  return rows.map((r) => ({ id: r.id, startsAt: r.starts_at, endsAt: r.ends_at, label: r.notes }));
}

/**
 * Blocks [start, end) on the person's own resource, through claimTime: locked and checked against
 * their held bookings in one transaction, so a booking made at the same moment cannot slip under it.
 */
export async function addTimeOff(
  db: Db,
  content: ContentService,
  actor: Actor,
  staffId: number,
  period: { start: number; end: number; label: string },
  now = Date.now(),
): Promise<TimeOffEntry> {
  const member = await requireMember(db, staffId);
  const { rules } = await loadBookingRules(db, content);
  const resource = { id: staffKey(staffId), staffId, name: member.name, hours: member.hours ?? undefined };
  try {
    return await announcedBy(
      actor,
      claimBlock(db, { rules, now }, { resource, ...period }, async (tx, row) => {
        await audit(
          tx,
          actor,
          `added time off for ${member.name}${period.label ? ` (${period.label})` : ""}`,
          AUDIT_TARGET,
          { from: row.starts_at, to: row.ends_at },
        );
        return { id: row.id, startsAt: row.starts_at, endsAt: row.ends_at, label: row.notes };
      }),
    );
  } catch (error) {
    if (!(error instanceof BookingRefusedError)) throw error;
    throw new StaffRefusedError(409, await overlapMessage(db, member, period, rules.timeZone, rules.bufferMinutes));
  }
}

/**
 * Which of the person's held bookings stand in the way (their own, and the unassigned bookings of
 * the services they do, which hold them too), said so the owner can find them.
 */
async function overlapMessage(
  db: DbOrTx,
  member: StaffMember,
  period: { start: number; end: number },
  timeZone: string,
  bufferMinutes: number,
): Promise<string> {
  const chairs = member.services.map(chairKey);
  const rows = await db
    .selectFrom("bookings")
    .select(["kind", "staff_id", "starts_at", "first_name", "last_name", "notes"])
    .where((eb) =>
      eb.or([
        eb("resource", "=", staffKey(member.id)),
        ...(chairs.length ? [eb.and([eb("resource", "in", chairs), eb("kind", "=", "appointment")])] : []),
      ]),
    )
    .where("status", "in", [...HOLDING_STATUSES])
    .where("starts_at", "<", new Date(period.end).toISOString())
    .where("ends_at", ">", new Date(period.start).toISOString())
    .orderBy("starts_at")
    .execute();
  const first = rows[0];
  if (!first) return STAFF_MESSAGES.timeOffBuffer(member.name, bufferMinutes);
  const client = `${first.first_name} ${first.last_name}`.trim();
  const who =
    first.kind === "block"
      ? `time off${first.notes ? ` “${first.notes}”` : ""}`
      : first.staff_id === null
        ? `${client}, not assigned to anyone yet`
        : client;
  return STAFF_MESSAGES.timeOffOverlaps(
    member.name,
    rows.length,
    `${who}, ${formatDateTime(first.starts_at, timeZone)}`,
  );
}

export async function removeTimeOff(db: Db, actor: Actor, staffId: number, timeOffId: number): Promise<void> {
  await announcedBy(
    actor,
    db.transaction().execute(async (tx) => {
      const member = await requireMember(tx, staffId);
      if (!Number.isSafeInteger(timeOffId)) throw new StaffRefusedError(404, STAFF_MESSAGES.timeOffNotFound);
      const row = await tx
        .selectFrom("bookings")
        .select(["id", "starts_at", "ends_at", "notes"])
        .where("id", "=", timeOffId)
        .where("resource", "=", staffKey(staffId))
        .where("kind", "=", "block")
        .executeTakeFirst();
      if (!row) throw new StaffRefusedError(404, STAFF_MESSAGES.timeOffNotFound);
      await tx.deleteFrom("bookings").where("id", "=", row.id).execute();
      await audit(tx, actor, `removed time off for ${member.name}${row.notes ? ` (${row.notes})` : ""}`, AUDIT_TARGET, {
        from: row.starts_at,
        to: row.ends_at,
      });
    }),
  );
}
