import { emailKey } from "~/lib/forms/contact-keys";
import type { DbOrTx } from "../db/database.server";
import { enqueueMail, type OutgoingMail } from "./outbox.server";

/**
 * At most this many e-mails go to one address (as contact-keys compares them: case and "+tag" do
 * not make another) in any 24 hours, counting only mail to addresses visitors type: a client's
 * booking e-mails and a form's confirmation. So the site cannot be used to flood a stranger's
 * mailbox, while a client with a few visits a day still gets every e-mail. Mail to the salon (its
 * notifications, staff) is queued with enqueueMail and never held back.
 */
export const MAILS_PER_RECIPIENT_PER_DAY = 10;

export const HELD_BACK_REASON = `Not sent: ${MAILS_PER_RECIPIENT_PER_DAY} e-mails went to this address in the last 24 hours.`;

/** Why a mail to this address a visitor typed must not be sent now (the daily bound), else null. */
export async function recipientBoundReason(db: DbOrTx, to: string, now = Date.now()): Promise<string | null> {
  const since = new Date(now - 24 * 3_600_000).toISOString();
  // Is there a 10th? Read no further than the bound: a flooded address costs as little as any.
  const last = await db
    .selectFrom("mail_outbox")
    .select("id")
    .where("to_key", "=", emailKey(to))
    .where("created_at", ">", since)
    .offset(MAILS_PER_RECIPIENT_PER_DAY - 1)
    .limit(1)
    .executeTakeFirst();
  return last ? HELD_BACK_REASON : null;
}

/**
 * Queues a mail to an address a visitor typed, in the caller's transaction like enqueueMail. Past
 * the daily bound it is stored as not sent (failed, with the reason: the owner sees why) and nothing
 * goes out; what the mail is about (a booking, a submission) stands.
 */
export async function enqueueVisitorMail(db: DbOrTx, mail: OutgoingMail): Promise<number> {
  return enqueueMail(db, { ...mail, heldBack: await recipientBoundReason(db, mail.to) });
}
