import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * The client search reads words through an index instead of every client (docs/decisions.md, 49):
 * `client_words` holds each client's search words (app/lib/clients/search-words.ts), its primary
 * key (word, client_id) is the index a word-prefix match ranges over. On PostgreSQL the word
 * compares byte by byte (COLLATE "C"), as on SQLite, so a prefix's range is the same on both.
 * Every existing client's words are written here.
 *
 * The calendar and availability ask for bookings that hold time and end after a day starts and
 * start before it ends: with (status, starts_at) alone, "starts before" is every booking of the
 * past, so years of history were read for today. (status, ends_at) reaches those that end after
 * the day's start: today's and the future's, whatever the history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("client_words")
    .addColumn("word", postgres ? sql`text collate "C"` : "text", (col) => col.notNull())
    .addColumn("client_id", "integer", (col) => col.notNull().references("clients.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("client_words_pk", ["word", "client_id"])
    .execute();
  await db.schema.createIndex("client_words_client").on("client_words").column("client_id").execute();
  await db.schema.createIndex("bookings_status_end").on("bookings").columns(["status", "ends_at"]).execute();
  const clients = await sql<{ id: number; name: string; email_key: string; phone_key: string }>`
    SELECT id, name, email_key, phone_key FROM clients`.execute(db);
  const rows = clients.rows.flatMap((c) =>
    clientSearchWords({ name: c.name, emailKey: c.email_key, phoneKey: c.phone_key }).map((word) => ({
      word,
      client_id: c.id,
    })),
  );
  for (let i = 0; i < rows.length; i += 500)
    await (db as Kysely<{ client_words: { word: string; client_id: number } }>)
      .insertInto("client_words")
      .values(rows.slice(i, i + 500))
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("bookings_status_end").execute();
  await db.schema.dropTable("client_words").execute();
}

// The words as app/lib/clients/search-words.ts made them when this migration was written.
function clientSearchWords(client: { name: string; emailKey: string; phoneKey: string }): string[] {
  const words = new Set<string>();
  for (const text of [client.name, client.emailKey])
    for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (word) words.add(word);
  const digits = client.phoneKey.replace(/\D/g, "");
  for (let start = 0; start <= digits.length - 3; start++) words.add(digits.slice(start));
  return [...words];
}
