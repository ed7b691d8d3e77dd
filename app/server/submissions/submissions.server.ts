import { audit } from "../audit/audit.server";
import type { Db, DbOrTx } from "../db/database.server";
import type { FormSubmissionRow, MailKind, MailStatus, SubmissionStatus } from "../db/schema";
import { SUBMISSION_DELETED } from "../mail/compose-submission-mail.server";
import { cancelPendingMails } from "../mail/outbox.server";

/**
 * One submission's life in the inbox: opened (new → read), archived and back, marked spam and
 * restored, deleted. Deliberate changes are written with their audit entry in one transaction.
 */
export interface Actor {
  userId: number | null;
  email: string | null;
}

const AUDIT_TARGET = "Form Submissions";

export function parseSubmissionId(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id >= 1 ? id : null;
}

export async function getSubmission(db: DbOrTx, id: number): Promise<FormSubmissionRow | undefined> {
  return db.selectFrom("form_submissions").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * The detail view's read: opening a new submission marks it read (the header bell counts new).
 * Only new → read, in one conditional UPDATE, so two staff opening it at once change it once.
 */
export async function openSubmission(
  db: DbOrTx,
  id: number,
): Promise<{ row: FormSubmissionRow; markedRead: boolean } | undefined> {
  const row = await getSubmission(db, id);
  if (!row) return undefined;
  if (row.status !== "new") return { row, markedRead: false };
  const result = await db
    .updateTable("form_submissions")
    .set({ status: "read" })
    .where("id", "=", id)
    .where("status", "=", "new")
    .executeTakeFirst();
  return { row: { ...row, status: "read" }, markedRead: Number(result.numUpdatedRows) > 0 };
}

/** What each status action does: from which statuses it may start, and where it ends. */
export const STATUS_ACTIONS = {
  "mark-unread": { from: ["read"], to: "new", adminOnly: false, verb: null },
  "mark-read": { from: ["new"], to: "read", adminOnly: false, verb: null },
  archive: { from: ["new", "read", "answered"], to: "archived", adminOnly: false, verb: "archived" },
  unarchive: { from: ["archived"], to: "read", adminOnly: false, verb: "moved back to the inbox" },
  spam: { from: ["new", "read", "answered", "archived"], to: "spam", adminOnly: true, verb: "marked as spam" },
  restore: { from: ["spam"], to: "new", adminOnly: true, verb: "restored from spam" },
} as const satisfies Record<
  string,
  { from: readonly SubmissionStatus[]; to: SubmissionStatus; adminOnly: boolean; verb: string | null }
>;
export type StatusAction = keyof typeof STATUS_ACTIONS;

export function isStatusAction(value: unknown): value is StatusAction {
  return typeof value === "string" && Object.hasOwn(STATUS_ACTIONS, value);
}

export type ChangeResult = { ok: true; row: FormSubmissionRow } | { ok: false; reason: "not-found" | "conflict" };

const describe = (row: Pick<FormSubmissionRow, "id" | "name" | "email">) =>
  `submission #${row.id} from ${row.name || row.email}`;

/**
 * Applies a status action. Refuses (conflict) when the row is not in a status the action starts
 * from, e.g. restoring a row that is not spam: the screen was stale.
 */
export async function changeStatus(db: Db, id: number, action: StatusAction, actor: Actor): Promise<ChangeResult> {
  const rule = STATUS_ACTIONS[action];
  return db.transaction().execute(async (tx) => {
    const row = await getSubmission(tx, id);
    if (!row) return { ok: false, reason: "not-found" } as const;
    if (!(rule.from as readonly SubmissionStatus[]).includes(row.status))
      return { ok: false, reason: "conflict" } as const;
    await tx.updateTable("form_submissions").set({ status: rule.to }).where("id", "=", id).execute();
    if (rule.verb) await audit(tx, actor, `${rule.verb} ${describe(row)}`, AUDIT_TARGET);
    return { ok: true, row: { ...row, status: rule.to } } as const;
  });
}

/** Deletes a submission for good (admins only: the caller checks the role). */
export async function deleteSubmission(db: Db, id: number, actor: Actor): Promise<FormSubmissionRow | undefined> {
  return db.transaction().execute(async (tx) => {
    const row = await getSubmission(tx, id);
    if (!row) return undefined;
    await tx.deleteFrom("form_submissions").where("id", "=", id).execute();
    // Its mails are written from the row when sent: with the row gone, the unsent ones never go.
    await cancelPendingMails(tx, id, SUBMISSION_DELETED);
    await audit(tx, actor, `deleted ${describe(row)}`, AUDIT_TARGET);
    return row;
  });
}

export interface SubmissionMail {
  id: number;
  kind: MailKind | null;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
  lastError: string | null;
}

/** The e-mails queued for a submission and how their delivery went (the detail view shows them). */
export async function mailsFor(db: DbOrTx, submissionId: number): Promise<SubmissionMail[]> {
  const rows = await db
    .selectFrom("mail_outbox")
    .select(["id", "kind", "to_address", "subject", "status", "attempts", "created_at", "sent_at", "last_error"])
    .where("submission_id", "=", submissionId)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    to: r.to_address,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    createdAt: r.created_at,
    sentAt: r.sent_at,
    lastError: r.last_error,
  }));
}
