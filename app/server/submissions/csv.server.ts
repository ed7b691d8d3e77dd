import { DEFAULT_TIME_ZONE, formatInZone, timeZoneName } from "~/lib/dates";
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

const DETAIL_COLUMNS = detailEntries(null);

/**
 * The export's columns: the submission's fields, status, every suite-application field, the source.
 * The first date is on the salon's clocks, named by its zone ("Submitted (Central time)").
 */
export const csvHeaders = (timeZone: string) => [
  "ID",
  `Submitted (${timeZoneName(timeZone)})`,
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

/** The columns in the default time zone (tests). */
export const CSV_HEADERS = csvHeaders(DEFAULT_TIME_ZONE);

export function csvValues(row: Row, timeZone: string): (string | number | null)[] {
  const details = new Map(detailEntries(row.details).map((e) => [e.key, e.value]));
  return [
    row.id,
    formatInZone(row.created_at, timeZone, "MM/dd/yyyy h:mm a"),
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
export async function* csvChunks(rows: AsyncIterable<Row> | Iterable<Row>, timeZone: string): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(csvHeaders(timeZone));
  for await (const row of rows) yield csvRow(csvValues(row, timeZone));
}

/** The whole CSV at once (tests, small exports). */
export async function submissionsCsv(rows: AsyncIterable<Row> | Iterable<Row>, timeZone: string): Promise<string> {
  let out = "";
  for await (const chunk of csvChunks(rows, timeZone)) out += chunk;
  return out;
}

/** submissions-2026-11-23.csv, with the view and type in the name when filtered. */
export function exportFileName(query: Pick<InboxQuery, "view" | "type">, timeZone: string, now = new Date()): string {
  const parts = ["submissions"];
  if (query.view !== "inbox") parts.push(query.view);
  if (query.type) parts.push(query.type.toLowerCase().replace(/[^a-z0-9]+/g, "-"));
  parts.push(formatInZone(now, timeZone, "yyyy-MM-dd"));
  return `${parts.join("-")}.csv`;
}
