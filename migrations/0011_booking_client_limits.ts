import { sql, type Kysely } from "kysely";

/**
 * Limits on what one client can take:
 *
 * - bookings.email_key and phone_key: the client's e-mail and phone as the cap on upcoming
 *   bookings per client compares them (app/lib/forms/contact-keys.ts), indexed with the start;
 * - mail_outbox.to_key: the recipient the same way, indexed with the time, for the daily bound on
 *   mail to one address;
 * - rate_limits.expires_at: the form and booking limits count in slots of a sliding window, each
 *   row deleted once it has left its limiter's window. The rows of the old fixed windows (a
 *   minute's counts) are dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("bookings")
    .addColumn("email_key", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("bookings")
    .addColumn("phone_key", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  const bookings = await sql<{ id: number; email: string; phone: string }>`
    SELECT id, email, phone FROM bookings WHERE email <> '' OR phone <> ''`.execute(db);
  for (const row of bookings.rows) {
    await sql`UPDATE bookings SET email_key = ${emailKey(row.email)}, phone_key = ${phoneKey(row.phone)}
      WHERE id = ${row.id}`.execute(db);
  }
  await db.schema.createIndex("bookings_email_key").on("bookings").columns(["email_key", "starts_at"]).execute();
  await db.schema.createIndex("bookings_phone_key").on("bookings").columns(["phone_key", "starts_at"]).execute();

  await db.schema
    .alterTable("mail_outbox")
    .addColumn("to_key", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  // Only the last day's mail counts towards the bound: older rows keep an empty key.
  const since = new Date(Date.now() - 2 * 86_400_000).toISOString();
  const mails = await sql<{ id: number; to_address: string }>`
    SELECT id, to_address FROM mail_outbox WHERE created_at >= ${since}`.execute(db);
  for (const row of mails.rows) {
    await sql`UPDATE mail_outbox SET to_key = ${emailKey(row.to_address)} WHERE id = ${row.id}`.execute(db);
  }
  await db.schema.createIndex("mail_outbox_to_key").on("mail_outbox").columns(["to_key", "created_at"]).execute();

  await sql`DELETE FROM rate_limits`.execute(db);
  await db.schema
    .alterTable("rate_limits")
    .addColumn("expires_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("rate_limits_expires").on("rate_limits").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("rate_limits_expires").execute();
  await db.schema.alterTable("rate_limits").dropColumn("expires_at").execute();
  await db.schema.dropIndex("mail_outbox_to_key").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("to_key").execute();
  await db.schema.dropIndex("bookings_phone_key").execute();
  await db.schema.dropIndex("bookings_email_key").execute();
  await db.schema.alterTable("bookings").dropColumn("phone_key").execute();
  await db.schema.alterTable("bookings").dropColumn("email_key").execute();
}

// The keys as app/lib/forms/contact-keys.ts made them when this migration was written.
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
