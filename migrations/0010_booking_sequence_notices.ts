import { sql, type Kysely } from "kysely";

/**
 * What keeps the calendars that booking e-mails reach in step, and what the salon is told:
 * - bookings.sequence: a counter raised by every change a calendar sees (time, status), the
 *   SEQUENCE of the booking's calendar event;
 * - bookings.client_calendar_sent / salon_calendar_sent: 1 once an invitation went to the client,
 *   or to the salon (its notification address and the person booked), so a later change or
 *   cancellation updates the event those calendars hold;
 * - bookings.lapse_warned_for: the updated_at of the request the salon was told would lapse soon
 *   (told once per request as made or moved);
 * - staff.email: where the person booked is told of their appointments (empty: not told).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const add = (table: string, column: string, type: "integer" | "text", defaultTo?: number | string) =>
    db.schema
      .alterTable(table)
      .addColumn(column, type, (c) => (defaultTo === undefined ? c : c.notNull().defaultTo(defaultTo)))
      .execute();
  await add("bookings", "sequence", "integer", 0);
  await add("bookings", "client_calendar_sent", "integer", 0);
  await add("bookings", "salon_calendar_sent", "integer", 0);
  await add("bookings", "lapse_warned_for", "text");
  await add("staff", "email", "text", "");

  // Events already in clients' calendars carried as SEQUENCE the seconds between the booking's
  // creation and its last change: the counter starts above that, so the next update is applied.
  const rows = await sql<{ id: number; created_at: string; updated_at: string }>`
    SELECT id, created_at, updated_at FROM bookings WHERE kind = 'appointment' AND updated_at > created_at`
    .execute(db)
    .then((r) => r.rows);
  for (const row of rows) {
    const seconds = Math.floor((Date.parse(row.updated_at) - Date.parse(row.created_at)) / 1000);
    if (seconds >= 0) await sql`UPDATE bookings SET sequence = ${seconds + 1} WHERE id = ${row.id}`.execute(db);
  }

  // Which clients' calendars hold the event: a confirmed booking's e-mail carried an invitation,
  // and so did one confirmed before it went back to a request (the front desk's own bookings, and
  // those it confirmed or whose proposed time the client accepted, by the audit log).
  await sql`UPDATE bookings SET client_calendar_sent = 1
    WHERE kind = 'appointment' AND email <> '' AND (status = 'confirmed' OR source = 'staff')`.execute(db);
  const confirmations = await sql<{ details: string | null }>`
    SELECT details FROM audit_log
    WHERE action IN ('confirmed a booking', 'accepted the proposed time', 'made a booking')`
    .execute(db)
    .then((r) => r.rows);
  const ids = confirmations.flatMap((row) => {
    try {
      const id = (JSON.parse(row.details ?? "null") as { id?: unknown } | null)?.id;
      return typeof id === "number" && Number.isInteger(id) ? [id] : [];
    } catch {
      return [];
    }
  });
  for (const id of new Set(ids))
    await sql`UPDATE bookings SET client_calendar_sent = 1 WHERE id = ${id} AND email <> ''`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["sequence", "client_calendar_sent", "salon_calendar_sent", "lapse_warned_for"])
    await db.schema.alterTable("bookings").dropColumn(column).execute();
  await db.schema.alterTable("staff").dropColumn("email").execute();
}
