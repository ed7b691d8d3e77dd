import type { ContentService } from "../content/content.server";
import { nowIso, type Db } from "../db/database.server";
import type { BookingsTable } from "../db/schema";
import type { Selectable } from "kysely";
import { MANAGE_MESSAGES } from "~/lib/booking/messages";
import { findBookableService } from "./catalog.server";
import { isValidManageToken, tokenBookingId, type BookingLinks } from "./manage-link.server";
import { bookingMailSetting, queueClientMail } from "./notify.server";
import { audit } from "../audit/audit.server";
import { BookingRefusedError, claimTime } from "./reserve.server";
import { HOLDING_STATUSES, resourcesFor } from "./resources.server";
import { getBookingSettings, loadBookingRules } from "./rules.server";

export { MANAGE_MESSAGES };

export type BookingRow = Selectable<BookingsTable>;

export async function findBookingByToken(db: Db, secret: string, token: string): Promise<BookingRow | undefined> {
  const id = tokenBookingId(token);
  if (id === null) return undefined;
  const row = await db
    .selectFrom("bookings")
    .selectAll()
    .where("id", "=", id)
    .where("kind", "=", "appointment")
    .executeTakeFirst();
  return row && isValidManageToken(secret, token, row.id, row.manage_key) ? row : undefined;
}

const isActive = (row: BookingRow) => (HOLDING_STATUSES as readonly string[]).includes(row.status);

/** Whether the client may still cancel or move it themselves (before the cancellation cutoff). */
export function changeableUntil(row: BookingRow, cutoffHours: number): number {
  return Date.parse(row.starts_at) - cutoffHours * 3_600_000;
}

async function changeable(db: Db, row: BookingRow, now: number): Promise<void> {
  if (!isActive(row)) throw new BookingRefusedError(409, MANAGE_MESSAGES.notActive);
  const { cancellationCutoffHours } = await getBookingSettings(db);
  if (now >= changeableUntil(row, cancellationCutoffHours))
    throw new BookingRefusedError(409, MANAGE_MESSAGES.pastCutoff);
}

/** The client cancels from their link; the time is free again at once. */
export async function cancelByClient(
  db: Db,
  content: ContentService,
  links: BookingLinks,
  token: string,
  now = Date.now(),
): Promise<BookingRow> {
  const row = await findBookingByToken(db, links.secret, token);
  if (!row) throw new BookingRefusedError(404, MANAGE_MESSAGES.notFound);
  await changeable(db, row, now);
  const mailSetting = await bookingMailSetting(db, content, links);
  return db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable("bookings")
      .set({ status: "cancelled", reason: "Cancelled by the client", updated_at: nowIso() })
      .where("id", "=", row.id)
      .where("status", "in", [...HOLDING_STATUSES])
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new BookingRefusedError(409, MANAGE_MESSAGES.notActive);
    await queueClientMail(tx, mailSetting, "cancelled", updated, row);
    return updated;
  });
}

/**
 * The client moves their booking to another free time with the same person (or chair). It is
 * checked like a new booking; with "owner approves" it waits for a new confirmation.
 */
export async function moveByClient(
  db: Db,
  content: ContentService,
  links: BookingLinks,
  token: string,
  start: number,
  now = Date.now(),
): Promise<BookingRow> {
  const row = await findBookingByToken(db, links.secret, token);
  if (!row) throw new BookingRefusedError(404, MANAGE_MESSAGES.notFound);
  await changeable(db, row, now);
  const service = await findBookableService(content, row.service);
  const resource = service && (await resourcesFor(db, service.id, row.staff_id)).find((r) => r.id === row.resource);
  if (!resource) throw new BookingRefusedError(409, MANAGE_MESSAGES.callToMove);
  const { rules, settings } = await loadBookingRules(db, content);
  const status = settings.confirmationMode === "instant" ? "confirmed" : "requested";
  const mailSetting = await bookingMailSetting(db, content, links);
  const claim = {
    rules,
    resources: [resource],
    durationMinutes: row.duration_minutes,
    start,
    now,
    by: "client" as const,
    excludeBookingId: row.id,
  };
  return claimTime(db, claim, async (tx) => {
    const updated = await tx
      .updateTable("bookings")
      .set({
        starts_at: new Date(start).toISOString(),
        ends_at: new Date(start + row.duration_minutes * 60_000).toISOString(),
        status,
        reminder_sent_at: null,
        updated_at: nowIso(),
      })
      .where("id", "=", row.id)
      .where("status", "in", [...HOLDING_STATUSES])
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new BookingRefusedError(409, MANAGE_MESSAGES.notActive);
    await queueClientMail(tx, mailSetting, "moved", updated, row);
    return updated;
  });
}

const clientActor = (row: BookingRow) => ({ userId: null, email: row.email || null });
const clientTarget = (row: BookingRow) => `${row.first_name} ${row.last_name}`.trim();

async function proposed(db: Db, links: BookingLinks, token: string, now: number): Promise<BookingRow> {
  const row = await findBookingByToken(db, links.secret, token);
  if (!row) throw new BookingRefusedError(404, MANAGE_MESSAGES.notFound);
  if (row.status !== "proposed") throw new BookingRefusedError(409, MANAGE_MESSAGES.notProposed);
  if (Date.parse(row.starts_at) <= now) throw new BookingRefusedError(409, MANAGE_MESSAGES.proposalPast);
  return row;
}

/**
 * The client accepts the time the salon proposed: it is checked again (the salon took it for
 * them, so as staff: only that nobody else holds it) and confirmed in one transaction.
 */
export async function acceptProposal(
  db: Db,
  content: ContentService,
  links: BookingLinks,
  token: string,
  now = Date.now(),
): Promise<BookingRow> {
  const row = await proposed(db, links, token, now);
  const { rules } = await loadBookingRules(db, content);
  const mailSetting = await bookingMailSetting(db, content, links);
  const claim = {
    rules,
    resources: [{ id: row.resource, staffId: row.staff_id, name: "" }],
    durationMinutes: row.duration_minutes,
    start: Date.parse(row.starts_at),
    now,
    by: "staff" as const,
    excludeBookingId: row.id,
  };
  return claimTime(db, claim, async (tx) => {
    const updated = await tx
      .updateTable("bookings")
      .set({ status: "confirmed", updated_at: nowIso() })
      .where("id", "=", row.id)
      .where("status", "=", "proposed")
      .where("starts_at", "=", row.starts_at)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new BookingRefusedError(409, MANAGE_MESSAGES.notProposed);
    await queueClientMail(tx, mailSetting, "confirmed", updated);
    await audit(tx, clientActor(row), "accepted the proposed time", clientTarget(row), { id: row.id });
    return updated;
  });
}

/** The client declines the proposed time: the booking is cancelled and the time freed. */
export async function declineProposal(
  db: Db,
  content: ContentService,
  links: BookingLinks,
  token: string,
  now = Date.now(),
): Promise<BookingRow> {
  const row = await proposed(db, links, token, now);
  const mailSetting = await bookingMailSetting(db, content, links);
  return db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable("bookings")
      .set({ status: "cancelled", reason: "The client declined the proposed time", updated_at: nowIso() })
      .where("id", "=", row.id)
      .where("status", "=", "proposed")
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new BookingRefusedError(409, MANAGE_MESSAGES.notProposed);
    await queueClientMail(tx, mailSetting, "cancelled", updated);
    await audit(tx, clientActor(row), "declined the proposed time", clientTarget(row), { id: row.id });
    return updated;
  });
}
