import { ContentService } from "~/server/content/content.server";
import type { Db } from "~/server/db/database.server";
import type { MailOutboxRow } from "~/server/db/schema";
import { submissionMailComposer } from "~/server/mail/compose-submission-mail.server";
import { writeQueuedBookingMail } from "~/server/booking/notices/queued-booking-mail.server";

type Stored = {
  text_body?: string | null;
  html_body?: string | null;
  calendar_body: string | null;
  compose_input: string | null;
};

/**
 * Queued mails as they are sent: a booking's e-mails are stored as their input (compose_input),
 * written by the outbox worker's writer when sent (decision 64); this writes them the same way.
 */
export function withSentBodies<T extends Stored>(rows: T[]): T[] {
  return rows.map((row) => {
    if (row.compose_input === null) return row;
    const { text, html, calendar } = writeQueuedBookingMail(row.compose_input);
    return { ...row, text_body: text, html_body: html, calendar_body: calendar };
  });
}

/**
 * The queued mails as they would be sent now: a submission's mails are stored without a body,
 * which the outbox worker's composer writes at sending time; this runs the same composer.
 */
export async function queuedMailsAsSent(db: Db, publicUrl = "https://salon.example"): Promise<MailOutboxRow[]> {
  const rows = withSentBodies(await db.selectFrom("mail_outbox").selectAll().orderBy("id").execute());
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
