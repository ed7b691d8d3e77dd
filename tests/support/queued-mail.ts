import { ContentService } from "~/server/content/content.server";
import type { Db } from "~/server/db/database.server";
import type { MailOutboxRow } from "~/server/db/schema";
import { submissionMailComposer } from "~/server/mail/compose-submission-mail.server";

/**
 * The queued mails as they would be sent now: a submission's mails are stored without a body,
 * which the outbox worker's composer writes at sending time; this runs the same composer.
 */
export async function queuedMailsAsSent(db: Db, publicUrl = "https://salon.example"): Promise<MailOutboxRow[]> {
  const rows = await db.selectFrom("mail_outbox").selectAll().orderBy("id").execute();
  const compose = submissionMailComposer({ db, content: new ContentService(db), publicUrl });
  const bodies = await compose(rows.filter((row) => row.text_body === null));
  let next = 0;
  return rows.map((row) => {
    if (row.text_body !== null) return row;
    const body = bodies[next++];
    if ("notSent" in body) throw new Error(`mail ${row.id} would not be sent: ${body.notSent}`);
    return { ...row, text_body: body.text, html_body: body.html };
  });
}
