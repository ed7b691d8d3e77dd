import { cleanText } from "~/lib/forms/clean-text";
import { fieldErrorsOf } from "~/lib/forms/field-errors";
import { submissionSchema, suiteSizesRefusal, type Submission } from "~/lib/forms/submission";
import { closedDayRefusal, loadBookingRules } from "../booking/model.server";
import { nowIso, type Db } from "../db/database.server";
import type { NewFormSubmission } from "../db/schema";
import { countedAddress } from "../http/client-address.server";
import type { ContentService } from "../content/content.server";
import type { Logger } from "../logger.server";
import type { OutgoingMail } from "../mail/outbox.server";
import { recipientBoundReason } from "../mail/recipient-bound.server";
import { confirmationSubject, notificationSubject } from "../mail/submission-mail.server";
import { SubmissionWriter } from "./submission-writer.server";
import { suiteTypeChoices } from "../suites/suite-types.server";
import type { FormRateLimiter } from "../http/rate-limit.server";

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
 * The one way a visitor's submission gets in: rate limit, validate, store the row and queue its
 * staff notification (and the visitor's confirmation when Settings ask for it) in one
 * transaction, then answer. Used by /api/submit-form and every form action.
 */
export async function submitForm(deps: FormServiceDeps, input: unknown, meta: SubmissionMeta): Promise<SubmitResult> {
  const limit = await deps.rateLimiter.hit(countedAddress(meta.clientIp));
  if (!limit.allowed) {
    deps.logger.warn({ ip: meta.clientIp }, "form rate limit hit");
    return { ok: false, status: 429, error: RATE_LIMIT_MESSAGE, retryAfterSeconds: limit.retryAfterSeconds };
  }
  const settings = await deps.content.getSettings();
  // The schema's text fields clean what they keep (clean-text.ts): no NUL, controls or bidi overrides.
  const parsed = submissionSchema(settings.timeZone).safeParse(input);
  if (!parsed.success) {
    return { ok: false, status: 400, error: INVALID_MESSAGE, fieldErrors: fieldErrorsOf(parsed.error) };
  }
  const submission = parsed.data;
  // An application's suite types are the salon's (Admin › Suites), read now: one added there is taken.
  if (submission.formType === "Suite Application" && submission.details.suiteSizes.length) {
    const names = (await suiteTypeChoices(deps.db)).map((type) => type.name);
    const refusal = suiteSizesRefusal(submission.details.suiteSizes, names);
    if (refusal)
      return { ok: false, status: 400, error: INVALID_MESSAGE, fieldErrors: { "details.suiteSizes": [refusal] } };
  }
  // A request's preferred day must be one the salon opens (its hours and closures, as for booking).
  if (submission.formType === "Booking" && submission.preferredDate) {
    const { rules } = await loadBookingRules(deps.db, deps.content);
    const refusal = closedDayRefusal(rules, submission.preferredDate);
    if (refusal) {
      const fieldErrors = { preferredDate: [refusal] };
      return { ok: false, status: 400, error: INVALID_MESSAGE, fieldErrors };
    }
  }
  const spam = !!meta.honeypot && meta.honeypot.trim() !== "";
  const contact = await deps.content.getPage("contact");
  const notifyTo = deps.notifyEmail || settings.notifyEmail || contact.email;

  const values = rowFor(submission, meta, spam);
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

/** Where the submission came from, as the browser said it: cut to a sane length and cleaned like the fields. */
const kept = (text: string | null | undefined, max: number) => (text == null ? null : cleanText(text.slice(0, max)));

function rowFor(s: Submission, meta: SubmissionMeta, spam: boolean): NewFormSubmission {
  const utm =
    meta.utm && Object.keys(meta.utm).length
      ? JSON.stringify(Object.fromEntries(Object.entries(meta.utm).map(([key, value]) => [key, cleanText(value)])))
      : null;
  const now = nowIso();
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
    page_path: kept(meta.pagePath, 500),
    referrer: kept(meta.referrer, 1000),
    utm,
    client_ip: cleanText(meta.clientIp),
    user_agent: kept(meta.userAgent, 500),
    created_at: now,
    // A suite application is an applicant (app/server/applicants), new when it comes.
    applicant_stage: s.formType === "Suite Application" ? "new" : null,
    applicant_stage_at: s.formType === "Suite Application" ? now : null,
  };
}
