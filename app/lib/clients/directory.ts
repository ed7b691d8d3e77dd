import { z } from "zod";
import { emailField, optionalPhone, optionalText, requiredText } from "~/lib/forms/fields";
import { pageParam } from "~/lib/paging";
import { MAX_SEARCH_LENGTH } from "~/lib/submissions";

/** The client list (/admin/clients) and a client's page: queries, forms and what they show. */

export const CLIENTS_PAGE_SIZE = 25;
/** Past visits shown per page on a client's page. */
export const VISITS_PAGE_SIZE = 20;
/** At most this many private-notes characters. */
export const NOTES_MAX = 5000;

export interface ClientQuery {
  q: string;
  page: number;
}

/** The list's query from its URL (?q=&page=); anything malformed falls back to the default. */
export function parseClientQuery(params: URLSearchParams): ClientQuery {
  const q = (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_LENGTH);
  return { q, page: pageParam(params.get("page")) };
}

/** The page of past visits a client's page shows (?visits=). */
export const visitsPage = (params: URLSearchParams) => pageParam(params.get("visits"));

/** The list's query string ("" for the default). */
export function clientSearch(query: ClientQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** A client's contact as staff edit it: a name, and an e-mail or a phone (or both). */
export const clientContactSchema = z
  .object({
    name: requiredText("Name", 200),
    email: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .pipe(emailField.optional()),
    phone: optionalPhone,
  })
  .refine((v) => v.email || v.phone, { path: ["email"], message: "Give an email or a phone number" });

export const clientNotesSchema = z.object({
  notes: optionalText("Notes", NOTES_MAX, { multiline: true }).transform((v) => v ?? ""),
});

/** A row of the client list. */
export interface ClientListRow {
  id: number;
  name: string;
  email: string;
  phone: string;
  visits: number;
  noShows: number;
  lastVisitAt: string | null;
}

/** "$1,240" for the spend estimate. */
export const formatSpent = (dollars: number) =>
  dollars.toLocaleString("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** What merging moves, in a sentence: "3 bookings, 1 message and 1 waiting-list entry". */
export function movesLine(counts: { bookings: number; submissions: number; waitlist: number }): string {
  const part = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [
    part(counts.bookings, "booking", "bookings"),
    part(counts.submissions, "message or application", "messages and applications"),
    part(counts.waitlist, "waiting-list entry", "waiting-list entries"),
  ];
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}
