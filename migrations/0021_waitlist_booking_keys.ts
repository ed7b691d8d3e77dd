import { sql, type Kysely } from "kysely";

/**
 * Times held from the waiting list were written without the client's e-mail and phone keys, so the
 * cap on upcoming bookings and the history on request cards did not count them. Every booking with
 * a contact but no keys gets them (only those rows: the others were keyed when written).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{ id: number; email: string; phone: string }>`
    SELECT id, email, phone FROM bookings
    WHERE (email <> '' AND email_key = '') OR (phone <> '' AND phone_key = '')`.execute(db);
  for (const row of rows.rows) {
    await sql`UPDATE bookings SET email_key = ${emailKey(row.email)}, phone_key = ${phoneKey(row.phone)}
      WHERE id = ${row.id}`.execute(db);
  }
}

/** Nothing to undo: the keys are what the rows should always have had. */
export async function down(): Promise<void> {}

// The keys as app/lib/forms/contact-keys.ts makes them when this migration was written.
function emailKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  const name = address.slice(0, at);
  const plus = name.indexOf("+");
  return (plus > 0 ? name.slice(0, plus) : name) + address.slice(at);
}

function phoneKey(phone: string): string {
  return phone.replace(/\D/g, "").slice(-10);
}
