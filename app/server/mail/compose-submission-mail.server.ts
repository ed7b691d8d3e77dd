import type { Db } from "../db/database.server";
import type { ContentService } from "../content/content.server";
import type { ComposedMail, MailComposer } from "./outbox.server";
import { confirmationMail, notificationMail } from "./submission-mail.server";

/** Why a submission's queued mail is not sent: an admin deleted the submission first. */
export const SUBMISSION_DELETED = "Not sent: the submission was deleted before its e-mail went out.";

/**
 * Writes a submission's queued e-mails when they are sent (the outbox stores them without a
 * body): the staff notification and the visitor's confirmation, from the stored submission and
 * the salon's contact details as they are at sending time. A submission answers faster for not
 * rendering two e-mails into its transaction, and the visitor's words are kept in one place.
 */
export function submissionMailComposer(deps: { db: Db; content: ContentService; publicUrl: string }): MailComposer {
  return async (mails) => {
    const ids = [...new Set(mails.flatMap((mail) => (mail.submission_id === null ? [] : [mail.submission_id])))];
    const rows = ids.length
      ? await deps.db.selectFrom("form_submissions").selectAll().where("id", "in", ids).execute()
      : [];
    const submissions = new Map(rows.map((row) => [row.id, row]));
    const [contact, { timeZone }] = await Promise.all([deps.content.getPage("contact"), deps.content.getSettings()]);
    return mails.map((mail): ComposedMail => {
      if (mail.kind !== "notification" && mail.kind !== "confirmation") {
        return { notSent: `Not sent: a mail without a body must be a submission's (kind ${String(mail.kind)}).` };
      }
      const submission = mail.submission_id === null ? undefined : submissions.get(mail.submission_id);
      if (!submission) return { notSent: SUBMISSION_DELETED };
      const { text, html } =
        mail.kind === "notification"
          ? notificationMail(submission, { businessName: contact.business_name, publicUrl: deps.publicUrl, timeZone })
          : confirmationMail(submission, contact);
      return { text, html };
    });
  };
}
