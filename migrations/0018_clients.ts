import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Client records (app/server/clients): one row per person, with their contact, its keys (as
 * app/lib/forms/contact-keys.ts makes them, indexed for matching) and the staff's private notes.
 * Every booking, waiting-list entry and form submission gets the client it belongs to
 * (`client_id`, indexed; null when it names nobody or its client was erased). Existing rows are
 * matched oldest first by the rule of app/lib/clients/matching.ts as it was when this was written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("clients")
    .addColumn("id", isPostgres ? "serial" : "integer", (col) =>
      isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("email_key", "text", (c) => c.notNull())
    .addColumn("phone_key", "text", (c) => c.notNull())
    .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("clients_email_key").on("clients").column("email_key").execute();
  await db.schema.createIndex("clients_phone_key").on("clients").column("phone_key").execute();
  await db.schema.createIndex("clients_name").on("clients").columns(["name", "id"]).execute();
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn("client_id", "integer").execute();
    await db.schema.createIndex(`${table}_client`).on(table).column("client_id").execute();
  }
  await backfill(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_client`).execute();
    await db.schema.alterTable(table).dropColumn("client_id").execute();
  }
  await db.schema.dropTable("clients").execute();
}

const TABLES = ["bookings", "waitlist_entries", "form_submissions"] as const;

interface Source {
  table: (typeof TABLES)[number];
  id: number;
  name: string;
  email: string;
  phone: string;
  created_at: string;
}

interface NewClient {
  id: number;
  name: string;
  email: string;
  phone: string;
  emailKey: string;
  phoneKey: string;
  created_at: string;
}

/** Every row that names someone, oldest first, matched in memory, then written in batches. */
async function backfill(db: Kysely<unknown>): Promise<void> {
  const sources = [
    ...(
      await sql<Omit<Source, "table">>`
        SELECT id, first_name || ' ' || last_name AS name, email, phone, created_at FROM bookings
        WHERE kind = 'appointment'`.execute(db)
    ).rows.map((r) => ({ ...r, table: "bookings" as const })),
    ...(
      await sql<Omit<Source, "table">>`
        SELECT id, first_name || ' ' || last_name AS name, email, phone, created_at FROM waitlist_entries`.execute(db)
    ).rows.map((r) => ({ ...r, table: "waitlist_entries" as const })),
    ...(
      await sql<Omit<Source, "table">>`
        SELECT id, name, email, coalesce(phone, '') AS phone, created_at FROM form_submissions`.execute(db)
    ).rows.map((r) => ({ ...r, table: "form_submissions" as const })),
  ].sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));

  const clients: NewClient[] = [];
  const byEmail = new Map<string, NewClient>();
  const byPhone = new Map<string, NewClient[]>();
  const assigned: { table: string; id: number; client: number }[] = [];
  for (const row of sources) {
    const emailKey = keyOfEmail(row.email);
    const phoneKey = keyOfPhone(row.phone);
    if (!emailKey && !phoneKey) continue;
    let client = emailKey ? byEmail.get(emailKey) : undefined;
    client ??= phoneKey ? byPhone.get(phoneKey)?.find((c) => !emailKey || !c.emailKey) : undefined;
    if (!client) {
      client = {
        id: clients.length + 1,
        name: row.name.trim(),
        email: emailKey ? row.email.trim() : "",
        phone: phoneKey ? row.phone.trim() : "",
        emailKey,
        phoneKey,
        created_at: row.created_at,
      };
      clients.push(client);
      if (phoneKey) byPhone.set(phoneKey, [...(byPhone.get(phoneKey) ?? []), client]);
    } else {
      if (!client.emailKey && emailKey) Object.assign(client, { email: row.email.trim(), emailKey });
      if (!client.phoneKey && phoneKey) {
        Object.assign(client, { phone: row.phone.trim(), phoneKey });
        byPhone.set(phoneKey, [...(byPhone.get(phoneKey) ?? []), client]);
      }
    }
    if (client.emailKey && !byEmail.has(client.emailKey)) byEmail.set(client.emailKey, client);
    assigned.push({ table: row.table, id: row.id, client: client.id });
  }
  if (!clients.length) return;

  const now = new Date().toISOString();
  for (let i = 0; i < clients.length; i += BATCH) {
    await (db as Kysely<any>) // eslint-disable-line @typescript-eslint/no-explicit-any
      .insertInto("clients")
      .values(
        clients.slice(i, i + BATCH).map((c) => ({
          id: c.id,
          name: c.name,
          email: c.email,
          phone: c.phone,
          email_key: c.emailKey,
          phone_key: c.phoneKey,
          notes: "",
          created_at: c.created_at,
          updated_at: now,
        })),
      )
      .execute();
  }
  if (isPostgresDb(db)) await sql`SELECT setval('clients_id_seq', ${clients.length})`.execute(db);

  // Each row's client through a scratch table, so each table is updated in one statement.
  await db.schema
    .createTable("client_backfill")
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("row_id", "integer", (c) => c.notNull())
    .addColumn("client_id", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("client_backfill_pk", ["source", "row_id"])
    .execute();
  for (let i = 0; i < assigned.length; i += BATCH) {
    await (db as Kysely<any>) // eslint-disable-line @typescript-eslint/no-explicit-any
      .insertInto("client_backfill")
      .values(assigned.slice(i, i + BATCH).map((a) => ({ source: a.table, row_id: a.id, client_id: a.client })))
      .execute();
  }
  for (const table of TABLES) {
    await sql`UPDATE ${sql.table(table)} SET client_id = (
      SELECT m.client_id FROM client_backfill m WHERE m.source = ${table} AND m.row_id = ${sql.table(table)}.id)`.execute(
      db,
    );
  }
  await db.schema.dropTable("client_backfill").execute();
}

const BATCH = 500;

const isPostgresDb = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

// The keys as app/lib/forms/contact-keys.ts made them when this migration was written.
function keyOfEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  const name = address.slice(0, at);
  const plus = name.indexOf("+");
  return (plus > 0 ? name.slice(0, plus) : name) + address.slice(at);
}

function keyOfPhone(phone: string): string {
  return phone.replace(/\D/g, "").slice(-10);
}
