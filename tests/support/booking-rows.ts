import type { Insertable, Selectable } from "kysely";
import { newManageKey } from "~/server/booking/notices/manage-link.server";
import { ensureResourceRows } from "~/server/booking/engine/resources.server";
import { nowIso, type Db } from "~/server/db/database.server";
import type { BookingsTable } from "~/server/db/schema";

/*
 * A booking row written straight to the table, as staff or a client left it, for tests that need
 * bookings in a given state without going through the commands.
 */

export type BookingRowValues = Partial<Insertable<BookingsTable>> & { starts_at: string };

/**
 * The row: Ada Client's confirmed two hours of hair (Men's Haircut, $65) booked by staff, with what
 * `values` changes. Its resource is the person's, else the service's; it ends its duration after
 * its start; it was made and last changed now.
 */
export function bookingRow(values: BookingRowValues): Insertable<BookingsTable> {
  const service = values.service ?? "hair";
  const duration = values.duration_minutes ?? 120;
  const at = nowIso();
  return {
    kind: "appointment",
    resource: values.staff_id ? `staff:${values.staff_id}` : `service:${service}`,
    staff_id: null,
    service,
    option_name: "Men's Haircut",
    duration_minutes: duration,
    price: "$65",
    ends_at: new Date(Date.parse(values.starts_at) + duration * 60_000).toISOString(),
    status: "confirmed",
    requested_starts_at: null,
    first_name: "Ada",
    last_name: "Client",
    email: "ada@example.com",
    phone: "(713) 555-0100",
    notes: "",
    reason: "",
    manage_key: newManageKey(),
    source: "staff",
    reminder_sent_at: null,
    created_at: at,
    updated_at: at,
    ...values,
  };
}

/** Writes bookingRow(values), and its resource's row when there is none yet; returns the row. */
export async function insertBookingRow(db: Db, values: BookingRowValues): Promise<Selectable<BookingsTable>> {
  const row = bookingRow(values);
  await ensureResourceRows(db, [row.resource]);
  return db.insertInto("bookings").values(row).returningAll().executeTakeFirstOrThrow();
}
