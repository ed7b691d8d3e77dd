import { nowIso, type Db } from "../db/database.server";
import type { ContentService } from "../content/content.server";
import { enqueueMail } from "../mail/outbox.server";
import type { Actor } from "../submissions/submissions.server";
import { findApplicant } from "./pipeline.server";

/**
 * E-mails an applicant from the admin: queued in the outbox (sent from MAIL_FROM, answers going to
 * the salon's e-mail) in the transaction that keeps it on the applicant's page. The inbox's replies
 * (app/server/submissions/reply.server.ts) queue theirs the same way; the two may become one sender.
 * Returns the outbox row and the address, or null when there is no such applicant.
 */
export async function emailApplicant(
  db: Db,
  content: ContentService,
  id: number,
  mail: { subject: string; body: string },
  actor: Actor,
): Promise<{ mailId: number; to: string } | null> {
  const contact = await content.getPage("contact");
  return db.transaction().execute(async (tx) => {
    const applicant = await findApplicant(tx, id);
    if (!applicant) return null;
    const mailId = await enqueueMail(tx, {
      to: applicant.email,
      replyTo: contact.email,
      subject: mail.subject,
      text: mail.body,
      submissionId: id,
    });
    await tx
      .insertInto("applicant_events")
      .values({
        submission_id: id,
        kind: "email",
        subject: mail.subject,
        body: mail.body,
        mail_id: mailId,
        user_id: actor.userId,
        user_email: actor.email,
        created_at: nowIso(),
      })
      .execute();
    return { mailId, to: applicant.email };
  });
}
