import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { BUSINESS_TIME_ZONE } from "~/lib/forms/booking-rules";
import { detailEntries, formTypeLabel, serviceLabel, STATUS_LABELS, type InboxQuery } from "~/lib/submissions";
import type { FormSubmissionRow } from "../db/schema";

/**
 * The inbox as CSV (RFC 4180: CRLF lines, quoted where needed), safe to open in a spreadsheet:
 * visitors type these values, and a cell starting with = + - @ (or a tab or CR) would be read as a
 * formula, so such a cell gets a leading apostrophe.
 */
export const CSV_BOM = "\uFEFF";
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" ? String(value) : neutralizeFormula(value);
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

type Row = FormSubmissionRow;

function formatUtm(utm: string | null): string {
  if (!utm) return "";
  try {
    const parsed = JSON.parse(utm) as Record<string, unknown>;
    return Object.entries(parsed)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join("; ");
  } catch {
    return utm;
  }
}

const dateOf = (iso: string) => format(new TZDate(new Date(iso), BUSINESS_TIME_ZONE), "MM/dd/yyyy h:mm a");

const DETAIL_COLUMNS = detailEntries(null);

/** The export's columns: the spec's fields, status, every suite-application field, the source. */
export const CSV_HEADERS = [
  "ID",
  "Submitted (Central time)",
  "Submitted (UTC)",
  "Form type",
  "Status",
  "Name",
  "Email",
  "Phone",
  "Service",
  "Preferred date",
  "Preferred time",
  "Message",
  ...DETAIL_COLUMNS.map((d) => d.label),
  "Page",
  "Referrer",
  "UTM",
];

export function csvValues(row: Row): (string | number | null)[] {
  const details = new Map(detailEntries(row.details).map((e) => [e.key, e.value]));
  return [
    row.id,
    dateOf(row.created_at),
    row.created_at,
    formTypeLabel(row.form_type),
    STATUS_LABELS[row.status] ?? row.status,
    row.name,
    row.email,
    row.phone,
    serviceLabel(row.service),
    row.preferred_date,
    row.preferred_time,
    row.message,
    ...DETAIL_COLUMNS.map((d) => details.get(d.key) ?? ""),
    row.page_path,
    row.referrer,
    formatUtm(row.utm),
  ];
}

/** The CSV text in pieces: the BOM (so Excel reads UTF-8) and header first, then a line per row. */
export async function* csvChunks(rows: AsyncIterable<Row> | Iterable<Row>): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(CSV_HEADERS);
  for await (const row of rows) yield csvRow(csvValues(row));
}

/** The whole CSV at once (tests, small exports). */
export async function submissionsCsv(rows: AsyncIterable<Row> | Iterable<Row>): Promise<string> {
  let out = "";
  for await (const chunk of csvChunks(rows)) out += chunk;
  return out;
}

/** submissions-2026-11-23.csv, with the view and type in the name when filtered. */
export function exportFileName(query: Pick<InboxQuery, "view" | "type">, now = new Date()): string {
  const parts = ["submissions"];
  if (query.view !== "inbox") parts.push(query.view);
  if (query.type) parts.push(query.type.toLowerCase().replace(/[^a-z0-9]+/g, "-"));
  parts.push(format(new TZDate(now, BUSINESS_TIME_ZONE), "yyyy-MM-dd"));
  return `${parts.join("-")}.csv`;
}
