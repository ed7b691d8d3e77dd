import { SubmissionSchema } from "~/lib/forms/submission";
import type { FormSubmissionRow } from "~/server/db/schema";

/**
 * Whether a stored submission row is one the server could have accepted: the row turned back into
 * the body it came from must pass the submission schema again, unchanged, and the columns its form
 * type never fills must be empty. Returns the problems found (none: the row is valid).
 */
export function rowProblems(row: FormSubmissionRow): string[] {
  const problems: string[] = [];
  const at = `row ${row.id} (${row.form_type})`;
  let body: Record<string, unknown>;
  try {
    body = bodyOf(row);
  } catch (error) {
    return [`${at}: details are not JSON (${String(error)})`];
  }
  const parsed = SubmissionSchema.safeParse(body);
  if (!parsed.success) return [`${at} does not validate: ${JSON.stringify(parsed.error.issues)}`];
  // What is stored is what validation produced (trimmed, limited): validating it again changes nothing.
  const again = parsed.data as Record<string, unknown>;
  if ("name" in again && row.name !== again.name) problems.push(`${at}: name not normalised`);
  if (row.email !== again.email) problems.push(`${at}: email not normalised`);
  if (row.message !== null && row.message !== again.message) problems.push(`${at}: message not normalised`);
  if (row.form_type === "Newsletter" && row.name !== "") problems.push(`${at}: a newsletter row has a name`);
  if (!["new", "read", "archived", "spam"].includes(row.status)) {
    problems.push(`${at}: status ${row.status}`);
  }
  for (const column of UNUSED_COLUMNS[row.form_type] ?? []) {
    if (row[column] !== null) problems.push(`${at}: ${column} should be empty`);
  }
  if (row.utm !== null) {
    try {
      const utm = JSON.parse(row.utm) as Record<string, unknown>;
      for (const [key, value] of Object.entries(utm)) {
        if (
          !/^utm_(source|medium|campaign|term|content)$/.test(key) ||
          typeof value !== "string" ||
          value.length > 200
        ) {
          problems.push(`${at}: utm ${key}`);
        }
      }
    } catch {
      problems.push(`${at}: utm is not JSON`);
    }
  }
  return problems;
}

/** A stored row turned back into the body it came from. */
function bodyOf(row: FormSubmissionRow): Record<string, unknown> {
  const opt = (v: string | null) => (v === null ? undefined : v);
  const base = { formType: row.form_type, name: row.name, email: row.email, phone: opt(row.phone) };
  switch (row.form_type) {
    case "Newsletter":
      return { formType: row.form_type, email: row.email };
    case "Suite Application":
      return { ...base, details: JSON.parse(row.details ?? "null") as unknown };
    case "Booking":
      return {
        ...base,
        service: opt(row.service),
        preferredDate: opt(row.preferred_date),
        preferredTime: opt(row.preferred_time),
        message: opt(row.message),
        agreeToTerms: true,
      };
    default:
      return { ...base, service: opt(row.service), message: opt(row.message) };
  }
}

/** Columns a form type never fills. */
const UNUSED_COLUMNS: Record<string, (keyof FormSubmissionRow)[]> = {
  appointment_request: ["service", "preferred_date", "preferred_time", "details"],
  Contact: ["preferred_date", "preferred_time", "details"],
  Booking: ["details"],
  "Suite Application": ["service", "preferred_date", "preferred_time", "message"],
  Newsletter: ["phone", "service", "preferred_date", "preferred_time", "message", "details"],
};

/**
 * A stored submission's columns but its id, its client, where it came from (page, referrer, UTM,
 * address, browser) and its applicant stage (app/server/applicants).
 */
type SubmissionColumns = Omit<
  FormSubmissionRow,
  | "id"
  | "page_path"
  | "referrer"
  | "utm"
  | "client_ip"
  | "user_agent"
  | "client_id"
  | "applicant_stage"
  | "applicant_stage_at"
>;

/**
 * Jane Doe's contact message as the form service stores it (no phone, service or text), with what
 * `overrides` changes.
 */
export const contactSubmissionRow = (overrides: Partial<SubmissionColumns> = {}): SubmissionColumns => ({
  form_type: "Contact",
  name: "Jane Doe",
  email: "jane@example.com",
  phone: null,
  service: null,
  preferred_date: null,
  preferred_time: null,
  message: null,
  status: "new",
  details: null,
  created_at: "2026-11-23T15:04:00.000Z",
  ...overrides,
});
