import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import { CLIENTS_PAGE_SIZE, VISITS_PAGE_SIZE, type ClientListRow, type ClientQuery } from "~/lib/clients/directory";
import { phoneDigits, searchTerms } from "../submissions/query.server";
import { nowIso, type Db, type DbOrTx } from "../db/database.server";
import type { Database } from "../db/schema";
import { contactKeys, saveClientWords } from "./clients.server";
import { clientTotals } from "./history.server";

/**
 * The client list and a client's page: search, pages, a client's rows, contact and notes.
 *
 * Search finds clients through their words (client_words, app/lib/clients/search-words.ts): each
 * word typed must begin one of a client's words, a range of the words' index, so a search reads
 * the clients it finds and not the table (docs/decisions.md, 49). The list's order (name, id) is
 * the index clients_name, so a page without a search reads just its rows.
 */

type Eb = ExpressionBuilder<Database, "clients">;

/** The first text after every text that begins with `prefix` (its last character, one higher). */
function prefixEnd(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1)!;
  return prefix.slice(0, prefix.length - String.fromCodePoint(last).length) + String.fromCodePoint(last + 1);
}

/** What one typed word is looked for as: a phone number's digits, else its own words (e-mail parts). */
function termWords(term: string): string[] {
  const digits = phoneDigits(term);
  if (digits) return [digits.slice(-10)];
  return term.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

function wordMatches(eb: Eb, word: string): Expression<SqlBool> {
  return eb(
    "clients.id",
    "in",
    eb
      .selectFrom("client_words")
      .select("client_words.client_id")
      .where("client_words.word", ">=", word)
      .where("client_words.word", "<", prefixEnd(word)),
  );
}

const searchWhere = (q: string) => (eb: Eb) =>
  eb.and(searchTerms(q).flatMap((term) => termWords(term).map((word) => wordMatches(eb, word))));

export interface ClientPage {
  rows: ClientListRow[];
  total: number;
  page: number;
  pageCount: number;
}

/** One page of the list, by name, each client with their visits, no-shows and last visit at `now`. */
export async function listClients(db: DbOrTx, query: ClientQuery, timeZone: string, now: number): Promise<ClientPage> {
  const where = searchWhere(query.q);
  const { count } = await db
    .selectFrom("clients")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where(where)
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const pageCount = Math.max(1, Math.ceil(total / CLIENTS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const clients = total
    ? await db
        .selectFrom("clients")
        .select(["id", "name", "email", "phone"])
        .where(where)
        .orderBy("name")
        .orderBy("id")
        .limit(CLIENTS_PAGE_SIZE)
        .offset((page - 1) * CLIENTS_PAGE_SIZE)
        .execute()
    : [];
  const totals = await clientTotals(
    db,
    clients.map((c) => ({ email: "", phone: "", clientId: c.id })),
    timeZone,
    now,
  );
  return {
    rows: clients.map((c, i) => ({
      ...c,
      visits: totals[i].visits,
      noShows: totals[i].noShows,
      lastVisitAt: totals[i].lastVisitAt,
    })),
    total,
    page,
    pageCount,
  };
}

type Cursor = { name: string; id: number } | null;

const clientBatch = (db: DbOrTx, q: string, after: Cursor, batch: number) =>
  db
    .selectFrom("clients")
    .select(["id", "name", "email", "phone", "created_at"])
    .where(searchWhere(q))
    .$if(after !== null, (qb) =>
      qb.where((eb) =>
        eb.or([eb("name", ">", after!.name), eb.and([eb("name", "=", after!.name), eb("id", ">", after!.id)])]),
      ),
    )
    .orderBy("name")
    .orderBy("id")
    .limit(batch)
    .execute();

/** Every client matching the search, by name, with their totals, read in batches (the CSV export). */
export async function* allClients(db: DbOrTx, q: string, timeZone: string, now: number, batch = 200) {
  let after: Cursor = null;
  for (;;) {
    const clients = await clientBatch(db, q, after, batch);
    if (!clients.length) return;
    const totals = await clientTotals(
      db,
      clients.map((c) => ({ email: "", phone: "", clientId: c.id })),
      timeZone,
      now,
    );
    for (const [i, client] of clients.entries()) yield { ...client, ...totals[i] };
    after = clients[clients.length - 1];
  }
}

export async function findClient(db: DbOrTx, id: number) {
  return db.selectFrom("clients").selectAll().where("id", "=", id).executeTakeFirst();
}

const VISIT_COLUMNS = [
  "id",
  "service",
  "option_name",
  "parts",
  "price",
  "starts_at",
  "ends_at",
  "status",
  "outcome",
  "staff_id",
  "resource",
  "duration_minutes",
] as const;

/** A client's appointments: those still ahead (all of them) and one page of the past, newest first. */
export async function clientVisits(db: DbOrTx, clientId: number, pastPage: number, now: number) {
  const at = new Date(now).toISOString();
  const base = () => db.selectFrom("bookings").where("client_id", "=", clientId).where("kind", "=", "appointment");
  const [upcoming, { count }] = await Promise.all([
    base()
      .select([...VISIT_COLUMNS])
      .where("starts_at", ">", at)
      .orderBy("starts_at")
      .orderBy("id")
      .execute(),
    base()
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("starts_at", "<=", at)
      .executeTakeFirstOrThrow(),
  ]);
  const pastTotal = Number(count);
  const pageCount = Math.max(1, Math.ceil(pastTotal / VISITS_PAGE_SIZE));
  const page = Math.min(pastPage, pageCount);
  const past = await base()
    .select([...VISIT_COLUMNS])
    .where("starts_at", "<=", at)
    .orderBy("starts_at", "desc")
    .orderBy("id", "desc")
    .limit(VISITS_PAGE_SIZE)
    .offset((page - 1) * VISITS_PAGE_SIZE)
    .execute();
  return { upcoming, past, pastTotal, page, pageCount };
}

/** A client's messages and applications, newest first (at most 100; the inbox has the rest). */
export async function clientSubmissions(db: DbOrTx, clientId: number) {
  return db
    .selectFrom("form_submissions")
    .select(["id", "form_type", "status", "service", "message", "created_at"])
    .where("client_id", "=", clientId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(100)
    .execute();
}

/** A client's waiting-list entries, newest first. */
export async function clientWaitlist(db: DbOrTx, clientId: number) {
  return db
    .selectFrom("waitlist_entries")
    .select(["id", "service", "option_name", "from_date", "to_date", "day_parts", "status", "created_at"])
    .where("client_id", "=", clientId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** How many rows of each kind name the client (what a merge moves). */
export async function clientRowCounts(db: DbOrTx, clientId: number) {
  const count = async (table: "bookings" | "form_submissions" | "waitlist_entries") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .where("client_id", "=", clientId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const [bookings, submissions, waitlist] = await Promise.all([
    count("bookings"),
    count("form_submissions"),
    count("waitlist_entries"),
  ]);
  return { bookings, submissions, waitlist };
}

/** Clients other than `exceptId` matching a search, by name (the merge picker), at most 10. */
export async function pickClients(db: DbOrTx, q: string, exceptId: number) {
  if (!searchTerms(q).length) return [];
  return db
    .selectFrom("clients")
    .select(["id", "name", "email", "phone"])
    .where(searchWhere(q))
    .where("id", "<>", exceptId)
    .orderBy("name")
    .orderBy("id")
    .limit(10)
    .execute();
}

/** Saves a client's contact (validated by clientContactSchema) with its keys; false when they are gone. */
export async function saveClientContact(
  db: Db,
  id: number,
  contact: { name: string; email?: string; phone?: string },
): Promise<boolean> {
  const email = contact.email ?? "";
  const phone = contact.phone ?? "";
  const keys = contactKeys({ email, phone });
  return db.transaction().execute(async (tx) => {
    const result = await tx
      .updateTable("clients")
      .set({
        name: contact.name,
        email,
        phone,
        email_key: keys.emailKey,
        phone_key: keys.phoneKey,
        updated_at: nowIso(),
      })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await saveClientWords(tx, id);
    return true;
  });
}

/** Saves the staff's private notes (plain text); false when the client is gone. */
export async function saveClientNotes(db: DbOrTx, id: number, notes: string): Promise<boolean> {
  const result = await db
    .updateTable("clients")
    .set({ notes, updated_at: nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
