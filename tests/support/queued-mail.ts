import { ContentService } from "~/server/content/content.server";
import type { Db } from "~/server/db/database.server";
import type { MailOutboxRow } from "~/server/db/schema";
import { submissionMailComposer } from "~/server/mail/compose-submission-mail.server";
import { writeStoredCalendar } from "~/server/booking/notices/ical.server";

/**
 * Queued mails with their calendar part as it is sent: stored ready-made, or written from the
 * mail's calendar_input by the outbox worker's writer (booking e-mails: decision 64).
 */
export function withSentCalendars<T extends { calendar_body: string | null; calendar_input: string | null }>(
  rows: T[],
): T[] {
  return rows.map((row) => ({
    ...row,
    calendar_body: row.calendar_body ?? (row.calendar_input === null ? null : writeStoredCalendar(row.calendar_input)),
  }));
}

/**
 * The queued mails as they would be sent now: a submission's mails are stored without a body,
 * which the outbox worker's composer writes at sending time; this runs the same composer.
 */
export async function queuedMailsAsSent(db: Db, publicUrl = "https://salon.example"): Promise<MailOutboxRow[]> {
  const rows = withSentCalendars(await db.selectFrom("mail_outbox").selectAll().orderBy("id").execute());
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
