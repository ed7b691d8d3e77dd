import type { Selectable, Updateable } from "kysely";
import type { BookingRules } from "~/lib/booking/availability";
import { bookingParts } from "~/lib/booking/parts";
import { formatInZone } from "~/lib/dates";
import { nowIso, type DbOrTx } from "../../db/database.server";
import type { BookingStatus, BookingsTable } from "../../db/schema";
import type { BookingMailEvent, SalonMailEvent } from "../notices/booking-mail.server";
import { queueClientMail, queueSalonMail, type BookingMailSetting } from "../notices/notify.server";
import { BookingRefusedError, type TimeClaim } from "../engine/reserve.server";
import type { BookingLinks } from "../notices/manage-link.server";
import { mayChange, serviceTitle } from "../model.server";

/**
 * What every change to an existing booking shares, whoever makes it (the client from their link,
 * the front desk, the expiry job): finding it, claiming its time again, and the guarded update
 * with the client's e-mail in one transaction.
 */

export type BookingRow = Selectable<BookingsTable>;

/** "Ada Client, Hair, Tue Dec 1 9:00 AM": how the audit log names a booking. */
export function describeBooking(row: BookingRow, timeZone: string): string {
  const client = `${row.first_name} ${row.last_name}`.trim() || "a client";
  const when = formatInZone(row.starts_at, timeZone, "EEE MMM d h:mm a");
  return `${client}, ${serviceTitle(row.service)}, ${when}`;
}

/** An appointment (not a block) by id, whatever its status. */
export function appointmentById(db: DbOrTx, id: number): Promise<BookingRow | undefined> {
  return db
    .selectFrom("bookings")
    .selectAll()
    .where("id", "=", id)
    .where("kind", "=", "appointment")
    .executeTakeFirst();
}

/** The appointment whose manage link carries this key (unique, indexed). */
export function appointmentByManageKey(db: DbOrTx, key: string): Promise<BookingRow | undefined> {
  return db
    .selectFrom("bookings")
    .selectAll()
    .where("manage_key", "=", key)
    .where("kind", "=", "appointment")
    .executeTakeFirst();
}

/**
 * The claim for an existing booking's time (its own time does not count as taken): by default as
 * staff, at its current start. Its parts keep their people and the processing they were booked
 * with; `resources` are who may take its (first) part.
 */
export function claimFor(
  row: BookingRow,
  rules: BookingRules,
  now: number,
  options: { start?: number; by?: TimeClaim["by"]; resources?: TimeClaim["resources"] } = {},
): TimeClaim {
  const parts = bookingParts(row).map((part, i) => ({
    resources:
      i === 0 && options.resources ? options.resources : [{ id: part.resource, staffId: part.staffId, name: "" }],
    durationMinutes: part.durationMinutes,
    processing: part.processing,
  }));
  return {
    rules,
    resources: parts[0].resources,
    parts,
    durationMinutes: row.duration_minutes,
    start: options.start ?? Date.parse(row.starts_at),
    now,
    by: options.by ?? "staff",
    excludeBookingId: row.id,
  };
}

export interface BookingChange {
  set: Omit<Updateable<BookingsTable>, "updated_at" | "sequence">;
  /** The statuses it may have: another, and it was answered or ended meanwhile. */
  from: readonly BookingStatus[];
  /** Columns that must still be as `row` had them (a time proposed or a move meanwhile). */
  unchanged?: ("starts_at" | "updated_at" | "outcome")[];
  /** Why not, when it is no longer as read (HTTP 409). */
  refusal: string;
  /** The e-mails about the change, queued with it: the client's, and the salon's when it is told. */
  mail?: { setting: BookingMailSetting; event: BookingMailEvent; salon: SalonMailEvent };
}

/**
 * Inside a transaction: applies the change only while the booking is still as read, and queues
 * the e-mails about it with it; otherwise refuses and changes nothing. Two people answering one
 * request at once: the second is refused.
 *
 * One guarded UPDATE per status the change may start from. It raises the booking's sequence (every
 * such change moves or changes the calendar event), and returns the booking as it is at that
 * moment, not when `row` was read: a confirmation that landed in between has marked the client's
 * calendar, and the e-mail cancels the event it put there.
 */
export async function changeBooking(tx: DbOrTx, row: BookingRow, change: BookingChange): Promise<BookingRow> {
  const to = change.set.status;
  // The model's transitions (ALLOWED_TRANSITIONS): a command that asks for another is a bug, not a refusal.
  const wrong = to === undefined ? undefined : change.from.find((from) => !mayChange(from, to));
  if (wrong) throw new Error(`A booking cannot go from ${wrong} to ${to}.`);
  for (const status of change.from) {
    let query = tx
      .updateTable("bookings")
      .set((eb) => ({ ...change.set, updated_at: nowIso(), sequence: eb("sequence", "+", 1) }))
      .where("id", "=", row.id)
      .where("status", "=", status);
    for (const column of change.unchanged ?? []) query = query.where(column, "=", row[column]);
    const updated = await query.returningAll().executeTakeFirst();
    if (!updated) continue;
    if (change.mail) {
      await queueClientMail(tx, change.mail.setting, change.mail.event, updated);
      await queueSalonMail(tx, change.mail.setting, change.mail.salon, updated);
    }
    return updated;
  }
  throw new BookingRefusedError(409, change.refusal);
}

/**
 * A command's change, announced once it is committed (links.onChange: the cached pages that list
 * free times are dropped); a refused change announces nothing.
 */
export async function announced<T>(links: BookingLinks, change: Promise<T>): Promise<T> {
  const result = await change;
  links.onChange?.();
  return result;
}
