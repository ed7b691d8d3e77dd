import { closedReason } from "~/lib/booking/availability";
import { fieldErrorsOf, submissionSchema, type Submission } from "~/lib/forms/submission";
import { loadBookingRules } from "../booking/rules.server";
import { BOOKING_REFUSALS } from "../booking/reserve.server";
import { nowIso, type Db } from "../db/database.server";
import type { NewFormSubmission } from "../db/schema";
import type { ContentService } from "../content/content.server";
import type { Logger } from "../logger.server";
import type { OutgoingMail } from "../mail/outbox.server";
import { recipientBoundReason } from "../mail/recipient-bound.server";
import { confirmationSubject, notificationSubject } from "../mail/submission-mail.server";
import { SubmissionWriter } from "./submission-writer.server";
import type { FormRateLimiter } from "./rate-limit.server";

/** Where a submission came from: kept with the row for the salon's own marketing questions. */
export interface SubmissionMeta {
  clientIp: string;
  userAgent?: string | null;
  pagePath?: string | null;
  referrer?: string | null;
  utm?: Record<string, string>;
  /** The honeypot field's value: anything in it means a bot filled the form. */
  honeypot?: string | null;
}

export type SubmitResult =
  | { ok: true; id: number; spam: boolean }
  | { ok: false; status: 400; error: string; fieldErrors: Record<string, string[]> }
  | { ok: false; status: 429; error: string; retryAfterSeconds: number };

export const RATE_LIMIT_MESSAGE = "Too many submissions from your connection. Please wait a minute and try again.";
export const INVALID_MESSAGE = "Please correct the highlighted fields and try again.";

export interface FormServiceDeps {
  db: Db;
  content: ContentService;
  rateLimiter: FormRateLimiter;
  logger: Logger;
  /** NOTIFY_EMAIL; when unset, the address in Settings, else the business e-mail from the contact content. */
  notifyEmail?: string;
  publicUrl: string;
  onMailQueued?: () => void;
  /** Shared by the server's submissions so a burst is stored with one commit (see SubmissionWriter). */
  submissions?: SubmissionWriter;
}

const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

/** Picks the utm_* parameters out of a query string or object, each trimmed to a sane length. */
export function utmFrom(source: URLSearchParams | Record<string, unknown> | undefined | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!source) return out;
  for (const key of UTM_KEYS) {
    const value = source instanceof URLSearchParams ? source.get(key) : source[key];
    if (typeof value === "string" && value.trim()) out[key] = value.trim().slice(0, 200);
  }
  return out;
}

/**
 * The same value with every NUL character removed from its strings: PostgreSQL text cannot hold
 * one (the insert would fail), and no visitor means to type it. A value without one (nearly
 * always) is returned as it is, without copying.
 */
export function withoutNul<T>(value: T): T {
  return hasNul(value) ? stripNul(value) : value;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  const proto = value !== null && typeof value === "object" ? Object.getPrototypeOf(value) : undefined;
  return proto === Object.prototype || proto === null;
};

function hasNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(hasNul);
  if (isPlainObject(value)) {
    for (const key in value) if (key.includes("\u0000") || hasNul(value[key])) return true;
  }
  return false;
}

function stripNul<T>(value: T): T {
  if (typeof value === "string") return value.replaceAll("\u0000", "") as T;
  if (Array.isArray(value)) return value.map(stripNul) as T;
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [stripNul(k), stripNul(v)])) as T;
  }
  return value;
}

/**
 * The one way a visitor's submission gets in: rate limit, validate, store the row and queue its
 * staff notification (and the visitor's confirmation when Settings ask for it) in one
 * transaction, then answer. Used by /api/submit-form and every form action.
 */
export async function submitForm(deps: FormServiceDeps, input: unknown, meta: SubmissionMeta): Promise<SubmitResult> {
  const limit = await deps.rateLimiter.hit(meta.clientIp);
  if (!limit.allowed) {
    deps.logger.warn({ ip: meta.clientIp }, "form rate limit hit");
    return { ok: false, status: 429, error: RATE_LIMIT_MESSAGE, retryAfterSeconds: limit.retryAfterSeconds };
  }
  const settings = await deps.content.getSettings();
  const parsed = submissionSchema(settings.timeZone).safeParse(withoutNul(input));
  if (!parsed.success) {
    return { ok: false, status: 400, error: INVALID_MESSAGE, fieldErrors: fieldErrorsOf(parsed.error) };
  }
  const submission = parsed.data;
  // A request's preferred day must be one the salon opens (its hours and closures, as for booking).
  if (submission.formType === "Booking" && submission.preferredDate) {
    const { rules } = await loadBookingRules(deps.db, deps.content);
    const reason = closedReason(rules, submission.preferredDate);
    if (reason) {
      const fieldErrors = { preferredDate: [BOOKING_REFUSALS.closed(reason)] };
      return { ok: false, status: 400, error: INVALID_MESSAGE, fieldErrors };
    }
  }
  const spam = !!meta.honeypot && meta.honeypot.trim() !== "";
  const contact = await deps.content.getPage("contact");
  const notifyTo = deps.notifyEmail || settings.notifyEmail || contact.email;

  const values = rowFor(submission, withoutNul(meta), spam);
  // The mails are queued with their recipients and subjects; their bodies are written from the
  // stored row when they are sent (compose-submission-mail.server.ts).
  const mails: OutgoingMail[] = [];
  // Spam gets no mail at all: neither the staff nor the (probably forged) address hears of it.
  if (!spam) {
    mails.push({
      to: notifyTo,
      replyTo: submission.email,
      kind: "notification",
      subject: notificationSubject(values),
      text: null,
    });
    if (settings.confirmationEmails) {
      // Past the daily bound for the visitor's address the confirmation is stored as not sent.
      const heldBack = await recipientBoundReason(deps.db, submission.email);
      if (heldBack)
        deps.logger.warn({ formType: submission.formType }, "confirmation not sent: daily bound per address");
      mails.push({
        heldBack,
        to: submission.email,
        replyTo: contact.email,
        kind: "confirmation",
        subject: confirmationSubject(values, contact.business_name),
        text: null,
      });
    }
  }
  const writer = deps.submissions ?? new SubmissionWriter(deps.db);
  const id = await writer.store(values, mails);
  deps.logger.info({ id, formType: submission.formType, spam }, "form submission stored");
  if (!spam) deps.onMailQueued?.();
  return { ok: true, id, spam };
}

function rowFor(s: Submission, meta: SubmissionMeta, spam: boolean): NewFormSubmission {
  const utm = meta.utm && Object.keys(meta.utm).length ? JSON.stringify(meta.utm) : null;
  return {
    form_type: s.formType,
    name: "name" in s ? s.name : "",
    email: s.email,
    phone: "phone" in s ? (s.phone ?? null) : null,
    service: "service" in s ? (s.service ?? null) : null,
    preferred_date: s.formType === "Booking" ? (s.preferredDate ?? null) : null,
    preferred_time: s.formType === "Booking" ? (s.preferredTime ?? null) : null,
    message: "message" in s ? (s.message ?? null) : null,
    status: spam ? "spam" : "new",
    details: s.formType === "Suite Application" ? JSON.stringify(s.details) : null,
    page_path: meta.pagePath?.slice(0, 500) ?? null,
    referrer: meta.referrer?.slice(0, 1000) ?? null,
    utm,
    client_ip: meta.clientIp,
    user_agent: meta.userAgent?.slice(0, 500) ?? null,
    created_at: nowIso(),
  };
}
