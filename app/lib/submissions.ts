import { format } from "date-fns";
import { APPLICATION_TEXT } from "~/content/suites";
import { formatDateTime } from "~/lib/dates";
import type { IntentReply } from "~/lib/forms/action-reply";
import { isIsoDate } from "~/lib/forms/booking-rules";
import { CONTACT_SERVICES, FORM_TYPES, type FormType } from "~/lib/forms/submission";
import { z } from "zod";
import { cleanString } from "~/lib/forms/clean-text";
import { pageParam } from "~/lib/paging";

/**
 * The form-submission inbox, shared by its screens, its server queries, the CSV export and the
 * e-mails: which rows a URL asks for, and how stored values read for people.
 */

/** Where a submission stands in the inbox (the form_submissions.status column). */
export type SubmissionStatus = "new" | "read" | "answered" | "archived" | "spam";

/**
 * The views of the inbox. `inbox` (the default) is everything staff still work with: new, read and
 * answered (a reply was sent from the admin).
 * Archived rows and spam have views of their own; `all` is everything but spam.
 */
export const INBOX_VIEWS = ["inbox", "new", "read", "answered", "archived", "all", "spam"] as const;
export type InboxView = (typeof INBOX_VIEWS)[number];

export const VIEW_LABELS: Record<InboxView, string> = {
  inbox: "Inbox",
  new: "Unread",
  read: "Read",
  answered: "Answered",
  archived: "Archived",
  all: "All",
  spam: "Spam",
};

export const PAGE_SIZE = 25;
/** Long enough for any name, e-mail or phrase; longer input is cut, not refused. */
export const MAX_SEARCH_LENGTH = 100;

export interface InboxQuery {
  view: InboxView;
  /** A form type, or null for every type. */
  type: FormType | null;
  /** Free text matched against name, e-mail, phone, service and message; "" for none. */
  q: string;
  page: number;
}

export const DEFAULT_QUERY: InboxQuery = { view: "inbox", type: null, q: "", page: 1 };

const isView = (value: string | null): value is InboxView =>
  !!value && (INBOX_VIEWS as readonly string[]).includes(value);
const isFormType = (value: string | null): value is FormType =>
  !!value && (FORM_TYPES as readonly string[]).includes(value);

/**
 * The inbox query a URL carries (?status=&type=&q=&page=). Anything unknown or malformed falls
 * back to the default rather than failing: these URLs get bookmarked and shared.
 */
export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  const status = params.get("status");
  const type = params.get("type");
  const q = (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_LENGTH);
  const page = pageParam(params.get("page"));
  return { view: isView(status) ? status : "inbox", type: isFormType(type) ? type : null, q, page };
}

/** The query string for a query ("" for the default), defaults left out so URLs stay short. */
export function inboxSearch(query: InboxQuery, options: { page?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (query.view !== "inbox") params.set("status", query.view);
  if (query.type) params.set("type", query.type);
  if (query.q) params.set("q", query.q);
  if (options.page !== false && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The longest reply the admin sends from a submission's page. */
export const REPLY_MAX_LENGTH = 5000;

export const REPLY_TEXT = {
  empty: "Write your reply first.",
  tooLong: `Your reply is too long: at most ${REPLY_MAX_LENGTH.toLocaleString("en-US")} characters.`,
} as const;

/** The reply form: its text, cleaned and trimmed, neither empty nor too long. */
export const replySchema = z.object({
  body: cleanString("Your reply", { multiline: true, required: REPLY_TEXT.empty })
    .transform((text) => text.trim())
    .pipe(z.string().min(1, REPLY_TEXT.empty).max(REPLY_MAX_LENGTH, REPLY_TEXT.tooLong)),
});

/** What the reply form's action answers when the reply is not sent: the text is given back. */
export interface ReplyFormReply extends IntentReply {
  body: string;
}

/** What an inbox action answers; the screen shows it as a toast. */
export interface InboxActionReply extends IntentReply {
  id?: number;
}

export const FORM_TYPE_LABELS: Record<FormType, string> = {
  appointment_request: "Appointment Request",
  Contact: "Contact",
  Booking: "Booking",
  "Suite Application": "Suite Application",
  Newsletter: "Newsletter",
};

export function formTypeLabel(type: string): string {
  return FORM_TYPE_LABELS[type as FormType] ?? type;
}

/** The contact form stores a service's value (facial); people read its label. */
export function serviceLabel(service: string | null): string | null {
  if (!service) return null;
  return CONTACT_SERVICES.find((s) => s.value === service)?.label ?? service;
}

export const STATUS_LABELS = {
  new: "New",
  read: "Read",
  answered: "Answered",
  archived: "Archived",
  spam: "Spam",
} as const;

/** The suite application's extra fields in the order of the form, with the form's own labels. */
const DETAIL_FIELDS = [
  "address",
  "city",
  "state",
  "zipCode",
  "communicationPreference",
  "dateOfBirth",
  "instagram",
  "facebook",
  "tiktok",
  "twitter",
  "businessName",
  "professionalLicenseId",
  "howFoundOut",
  "educationExperience",
  "servicesProvided",
  "typicalAnnualIncome",
  "suiteLeasingExperience",
  "suiteSizes",
  "desiredOccupancyDate",
  "specialSuiteRequirements",
  "specialty",
] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];
export const SUITE_DETAIL_FIELDS: readonly DetailField[] = DETAIL_FIELDS;

const T = APPLICATION_TEXT;
const DETAIL_LABELS: Record<DetailField, string> = {
  address: T.address,
  city: T.city,
  state: T.state,
  zipCode: T.zipCode,
  communicationPreference: T.communicationPreference,
  dateOfBirth: T.dateOfBirth,
  instagram: T.instagram,
  facebook: T.facebook,
  tiktok: T.tiktok,
  twitter: T.twitter,
  businessName: T.businessName,
  professionalLicenseId: T.professionalLicenseId,
  howFoundOut: "How they heard about us",
  educationExperience: T.educationExperience,
  servicesProvided: T.servicesProvided,
  typicalAnnualIncome: T.typicalAnnualIncome,
  suiteLeasingExperience: "Leased a suite before",
  suiteSizes: "Suite sizes",
  desiredOccupancyDate: "Desired Occupancy Date",
  specialSuiteRequirements: T.specialSuiteRequirements,
  specialty: "Specialty",
};

const CHOICE_LABELS: Partial<Record<DetailField, Record<string, string>>> = {
  communicationPreference: T.communicationLabels,
  howFoundOut: T.howFoundOutLabels,
  typicalAnnualIncome: T.incomeLabels,
  suiteLeasingExperience: T.leasingLabels,
};

/** Fields whose answer is long prose: shown as paragraphs, not as a one-line value. */
export const LONG_DETAIL_FIELDS: readonly DetailField[] = [
  "educationExperience",
  "servicesProvided",
  "specialSuiteRequirements",
];

export interface DetailEntry {
  key: string;
  label: string;
  /** The readable value; "" when the applicant left it empty. */
  value: string;
}

/** The stored details JSON; an unreadable value becomes an empty object, never an error. */
export function parseDetails(details: string | null): Record<string, unknown> {
  if (!details) return {};
  try {
    const parsed: unknown = JSON.parse(details);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const DATE_FIELDS: readonly string[] = ["dateOfBirth", "desiredOccupancyDate"];

function readable(key: string, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value))
    return value
      .map((v) => readable(key, v))
      .filter(Boolean)
      .join(", ");
  const text = typeof value === "string" ? value : JSON.stringify(value);
  if (DATE_FIELDS.includes(key) && isIsoDate(text)) return formatUsDate(text);
  return CHOICE_LABELS[key as DetailField]?.[text] ?? text;
}

/** A card's one-line summary of a suite application: the business and the suites wanted. */
export function suiteSummary(details: string | null): string | null {
  const data = parseDetails(details);
  const parts = [readable("businessName", data.businessName), readable("suiteSizes", data.suiteSizes)].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}

/**
 * Every known detail field in form order (empty ones too, so a reader sees what was skipped),
 * then any key a later form version stored that this list does not know yet.
 */
export function detailEntries(details: string | null): DetailEntry[] {
  const data = parseDetails(details);
  const known = DETAIL_FIELDS.map((key) => ({ key, label: DETAIL_LABELS[key], value: readable(key, data[key]) }));
  const extra = Object.keys(data)
    .filter((key) => !(DETAIL_FIELDS as readonly string[]).includes(key))
    .map((key) => ({ key, label: key, value: readable(key, data[key]) }));
  return [...known, ...extra];
}

/** "Nov 23, 2026 at 3:31 PM" in the salon's time zone (US style, the same on server and browser). */
export function formatSubmittedAt(iso: string, timeZone: string): string {
  return formatDateTime(iso, timeZone);
}

/** A yyyy-MM-dd as "Dec 1, 2026" (read as a calendar date, no time zone shift). */
function formatUsDate(value: string): string {
  const [y, m, d] = value.split("-").map(Number);
  return format(new Date(y, m - 1, d), "MMM d, yyyy");
}

/** A stored yyyy-MM-dd as "Tue, Dec 1, 2026"; anything else as it is. */
export function formatPreferredDate(value: string | null): string | null {
  if (!value) return null;
  if (!isIsoDate(value)) return value;
  const [y, m, d] = value.split("-").map(Number);
  return format(new Date(y, m - 1, d), "EEE, MMM d, yyyy");
}

/** The columns every form stores about its sender and what they asked for (form_submissions). */
export type SenderColumns = Record<"name" | "email", string> &
  Record<"phone" | "service" | "preferred_date" | "preferred_time" | "message", string | null>;

/** The sender's columns as the inbox card and the submission page show them (US style). */
export function senderFields(row: SenderColumns) {
  return {
    name: row.name,
    email: row.email,
    phone: row.phone,
    service: serviceLabel(row.service),
    preferredDate: formatPreferredDate(row.preferred_date),
    preferredTime: row.preferred_time,
    message: row.message,
  };
}
