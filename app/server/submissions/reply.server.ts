import type { ContactContent } from "~/content/contact";
import { formatSubmittedAt } from "~/lib/submissions";
import { audit } from "../audit/audit.server";
import { nowIso, type Db, type DbOrTx } from "../db/database.server";
import type { FormSubmissionRow, MailStatus } from "../db/schema";
import { enqueueMail } from "../mail/outbox.server";
import {
  confirmationSubject,
  htmlText,
  mailLayout,
  oneLine,
  submissionFields,
  type BuiltMail,
} from "../mail/submission-mail.server";
import { getSubmission, type Actor } from "./submissions.server";

/**
 * Answers a submission from the admin: the reply goes through the outbox to the address the client
 * gave, Reply-To the salon's address, with what they sent quoted below; it is kept on the
 * submission (who, when, the text, its mail), and the submission becomes "answered". Any screen
 * that answers a submission (the inbox, an applicant's page) calls sendSubmissionReply.
 */

export type ReplyBusiness = Pick<ContactContent, "business_name" | "email">;

export type ReplyResult =
  { ok: true; replyId: number; mailId: number } | { ok: false; reason: "not-found" | "no-email" | "spam" };

/** The subject: "Re:" and the subject of the confirmation the client had, so mail clients keep one thread. */
export function replySubject(row: Pick<FormSubmissionRow, "form_type">, businessName: string): string {
  return `Re: ${confirmationSubject(row, businessName)}`;
}

/** What the client sent, as the reply quotes it: their message, or else the request's fields. */
export function quotedRequest(row: FormSubmissionRow, timeZone: string): string {
  if (row.message?.trim()) return row.message.trim();
  const { fields, long } = submissionFields(row, timeZone);
  const skip = new Set(["Form", "Submitted", "Name", "Email", "Phone", "Page"]);
  return [
    ...fields.filter(([label]) => !skip.has(label)).map(([label, value]) => `${label}: ${value}`),
    ...long.map(([label, value]) => `${label}:\n${value}`),
  ].join("\n");
}

/** The reply's text and HTML: the salon's words, its name, then the client's quoted below. */
export function replyMail(
  row: FormSubmissionRow,
  body: string,
  options: { business: ReplyBusiness; timeZone: string },
): BuiltMail {
  const subject = replySubject(row, options.business.business_name);
  const quoted = quotedRequest(row, options.timeZone);
  const wrote = `On ${formatSubmittedAt(row.created_at, options.timeZone)}, ${oneLine(row.name || row.email)} wrote:`;
  const quoteText = quoted
    .split("\n")
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");
  const text = `${body}

${options.business.business_name}

${wrote}
${quoteText}
`;
  const html = mailLayout(
    options.business.business_name,
    `<p style="margin:0 0 24px">${htmlText(body)}</p>
<p style="margin:0 0 24px">${htmlText(options.business.business_name)}</p>
<p style="margin:0 0 8px;color:#7a6f69;font-size:13px">${htmlText(wrote)}</p>
<blockquote style="margin:0;padding:0 0 0 12px;border-left:3px solid #e7ded7;color:#7a6f69">${htmlText(quoted)}</blockquote>`,
    `You wrote to ${htmlText(options.business.business_name)} through its website. Reply to this e-mail to write back.`,
  );
  return { subject, text, html };
}

/**
 * Queues the reply and keeps it on the submission, in one transaction. Refused for a submission
 * that is gone, has no e-mail address, or is spam. The caller kicks the outbox worker.
 */
export async function sendSubmissionReply(
  db: Db,
  input: { submissionId: number; body: string; actor: Actor; business: ReplyBusiness; timeZone: string },
): Promise<ReplyResult> {
  return db.transaction().execute(async (tx) => {
    const row = await getSubmission(tx, input.submissionId);
    if (!row) return { ok: false, reason: "not-found" } as const;
    if (row.status === "spam") return { ok: false, reason: "spam" } as const;
    if (!row.email.trim()) return { ok: false, reason: "no-email" } as const;
    const mail = replyMail(row, input.body, input);
    const mailId = await enqueueMail(tx, {
      to: row.email,
      replyTo: input.business.email || null,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      kind: "reply",
      submissionId: row.id,
    });
    const reply = await tx
      .insertInto("submission_replies")
      .values({
        submission_id: row.id,
        user_id: input.actor.userId,
        author_email: input.actor.email,
        body: input.body,
        mail_id: mailId,
        created_at: nowIso(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx.updateTable("form_submissions").set({ status: "answered" }).where("id", "=", row.id).execute();
    await audit(tx, input.actor, `replied to submission #${row.id} from ${row.name || row.email}`, "Form Submissions");
    return { ok: true, replyId: reply.id, mailId } as const;
  });
}

export interface SubmissionReply {
  id: number;
  author: string | null;
  body: string;
  createdAt: string;
  /** The outbox's word on its mail: sent, waiting (with failed attempts and the last error), or not sent. */
  delivery: { status: MailStatus; attempts: number; sentAt: string | null; lastError: string | null } | null;
}

/** A submission's replies, oldest first, each with how its mail's delivery went. */
export async function repliesFor(db: DbOrTx, submissionId: number): Promise<SubmissionReply[]> {
  const rows = await db
    .selectFrom("submission_replies as r")
    .leftJoin("mail_outbox as m", "m.id", "r.mail_id")
    .select(["r.id", "r.author_email", "r.body", "r.created_at", "m.status", "m.attempts", "m.sent_at", "m.last_error"])
    .where("r.submission_id", "=", submissionId)
    .orderBy("r.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    author: r.author_email,
    body: r.body,
    createdAt: r.created_at,
    delivery: r.status
      ? { status: r.status, attempts: r.attempts ?? 0, sentAt: r.sent_at, lastError: r.last_error }
      : null,
  }));
}
