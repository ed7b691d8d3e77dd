import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { PAGE_SIZE, type InboxQuery, type InboxView } from "~/lib/submissions";
import type { DbOrTx } from "../db/database.server";
import type { Database, FormSubmissionRow, SubmissionStatus } from "../db/schema";

type Eb = ExpressionBuilder<Database, "form_submissions">;

/** Which rows a view shows; spam only ever shows in its own view. */
export const VIEW_STATUSES: Record<InboxView, readonly SubmissionStatus[]> = {
  inbox: ["new", "read", "answered"],
  new: ["new"],
  read: ["read"],
  answered: ["answered"],
  archived: ["archived"],
  all: ["new", "read", "answered", "archived"],
  spam: ["spam"],
};

const SEARCH_COLUMNS = ["name", "email", "phone", "service", "message"] as const;
const MAX_TERMS = 6;

/** LIKE pattern for a literal text: % _ and \ in what people type match themselves. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Search words: split on spaces, each must match somewhere (so "doe jane" finds Jane Doe). */
export function searchTerms(q: string): string[] {
  return [...new Set(q.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, MAX_TERMS);
}

/** A term that looks like part of a phone number; matched against the phone's digits only. */
export function phoneDigits(term: string): string | null {
  if (!/^[\d\s().+-]+$/.test(term)) return null;
  const digits = term.replace(/\D/g, "");
  return digits.length >= 3 ? digits : null;
}

function termMatches(eb: Eb, term: string): Expression<SqlBool> {
  const pattern = likePattern(term);
  const matches: Expression<SqlBool>[] = SEARCH_COLUMNS.map(
    (column) => sql<SqlBool>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`,
  );
  const digits = phoneDigits(term);
  if (digits) {
    // (713) 555-0142, 713.555.0142 and 7135550142 are one number.
    const bare = sql`replace(replace(replace(replace(replace(replace(coalesce(phone, ''), '(', ''), ')', ''), '-', ''), ' ', ''), '.', ''), '+', '')`;
    matches.push(sql<SqlBool>`${bare} like ${`%${digits}%`}`);
  }
  return eb.or(matches);
}

/** The type and search part of a query: what the view tabs count within. */
export function filterWhere(query: Pick<InboxQuery, "type" | "q">) {
  return (eb: Eb): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [];
    if (query.type) conditions.push(eb("form_type", "=", query.type));
    for (const term of searchTerms(query.q)) conditions.push(termMatches(eb, term));
    return eb.and(conditions);
  };
}

/** The WHERE of a query: its view's statuses, its form type and every search word. */
export function inboxWhere(query: Pick<InboxQuery, "view" | "type" | "q">) {
  const filter = filterWhere(query);
  return (eb: Eb): Expression<SqlBool> => eb.and([eb("status", "in", [...VIEW_STATUSES[query.view]]), filter(eb)]);
}

/** What a card of the list shows (no IPs or user agents). */
export const CARD_COLUMNS = [
  "id",
  "form_type",
  "name",
  "email",
  "phone",
  "service",
  "preferred_date",
  "preferred_time",
  "message",
  "status",
  "details",
  "created_at",
] as const;

export type SubmissionCard = Pick<FormSubmissionRow, (typeof CARD_COLUMNS)[number]>;

export interface SubmissionPage {
  rows: SubmissionCard[];
  total: number;
  /** The page shown: the asked one, brought back inside 1..pageCount. */
  page: number;
  pageCount: number;
  pageSize: number;
}

/** One page of a query, newest first; a page past the end shows the last page. */
export async function listSubmissions(db: DbOrTx, query: InboxQuery, pageSize = PAGE_SIZE): Promise<SubmissionPage> {
  const where = inboxWhere(query);
  const { count } = await db
    .selectFrom("form_submissions")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where(where)
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pageCount);
  const rows = total
    ? await db
        .selectFrom("form_submissions")
        .select([...CARD_COLUMNS])
        .where(where)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute()
    : [];
  return { rows, total, page, pageCount, pageSize };
}

export type StatusCounts = Record<SubmissionStatus, number>;

/** How many rows of each status match the query's type and search (the view tabs' numbers). */
export async function statusCounts(db: DbOrTx, query: Pick<InboxQuery, "type" | "q">): Promise<StatusCounts> {
  const rows = await db
    .selectFrom("form_submissions")
    .select(["status", (eb) => eb.fn.countAll<number | string>().as("count")])
    .where(filterWhere(query))
    .groupBy("status")
    .execute();
  const counts: StatusCounts = { new: 0, read: 0, answered: 0, archived: 0, spam: 0 };
  for (const row of rows) {
    if (row.status in counts) counts[row.status] = Number(row.count);
  }
  return counts;
}

export function viewCount(counts: StatusCounts, view: InboxView): number {
  return VIEW_STATUSES[view].reduce((sum, status) => sum + counts[status], 0);
}

/**
 * Every row of a query (all pages), newest first, fetched in batches by keyset so an export of
 * many thousands of rows never holds them all or pays for a deep OFFSET.
 */
export async function* allSubmissions(
  db: DbOrTx,
  query: Pick<InboxQuery, "view" | "type" | "q">,
  batchSize = 500,
): AsyncGenerator<FormSubmissionRow> {
  const where = inboxWhere(query);
  let after: { created_at: string; id: number } | null = null;
  for (;;) {
    const cursor: { created_at: string; id: number } | null = after;
    const batch: FormSubmissionRow[] = await db
      .selectFrom("form_submissions")
      .selectAll()
      .where(where)
      .$if(cursor !== null, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb("created_at", "<", cursor!.created_at),
            eb.and([eb("created_at", "=", cursor!.created_at), eb("id", "<", cursor!.id)]),
          ]),
        ),
      )
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(batchSize)
      .execute();
    yield* batch;
    if (batch.length < batchSize) return;
    const last: FormSubmissionRow = batch[batch.length - 1];
    after = { created_at: last.created_at, id: last.id };
  }
}
