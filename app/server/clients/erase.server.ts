import { audit } from "../audit/audit.server";
import { nowIso, type Db } from "../db/database.server";
import { CLIENT_GONE, ClientChangeRefused, type Actor } from "./merge.server";

/** What an erased client's bookings are called from then on. */
export const ERASED_CLIENT = "Erased client";

/**
 * Erases a client on their request, in one transaction (docs/decisions.md, 43):
 *
 * - their bookings keep their time, status and service, so the calendar still shows the slot as
 *   taken, but lose the person: named "Erased client", e-mail, phone, notes and reason blanked;
 * - their form submissions are deleted, with every mail about them;
 * - their waiting-list entries are blanked the same way and ended: an entry with an open offer
 *   holds a time through its booking, and the offer must lapse the usual way to free it;
 * - mail kept for their address is deleted; the client row is deleted;
 * - an audit row says who erased a client when, and how many rows, never who the client was.
 */
export async function eraseClient(db: Db, clientId: number, actor: Actor) {
  return db.transaction().execute(async (tx) => {
    const client = await tx.selectFrom("clients").selectAll().where("id", "=", clientId).executeTakeFirst();
    if (!client) throw new ClientChangeRefused(CLIENT_GONE);
    const at = nowIso();
    const bookings = await tx
      .updateTable("bookings")
      .set({
        first_name: ERASED_CLIENT,
        last_name: "",
        email: "",
        phone: "",
        email_key: "",
        phone_key: "",
        notes: "",
        reason: "",
        client_id: null,
        updated_at: at,
      })
      .where("client_id", "=", clientId)
      .executeTakeFirst();
    const submissionIds = tx.selectFrom("form_submissions").select("id").where("client_id", "=", clientId);
    await tx.deleteFrom("mail_outbox").where("submission_id", "in", submissionIds).execute();
    const submissions = await tx.deleteFrom("form_submissions").where("client_id", "=", clientId).executeTakeFirst();
    const waitlist = await tx
      .updateTable("waitlist_entries")
      .set({
        first_name: ERASED_CLIENT,
        last_name: "",
        email: "",
        phone: "",
        client_id: null,
        status: "ended",
        updated_at: at,
      })
      .where("client_id", "=", clientId)
      .where("status", "in", ["waiting"])
      .executeTakeFirst();
    // Entries off the list or holding an offer: blanked, their status kept (an offer lapses as usual).
    await tx
      .updateTable("waitlist_entries")
      .set({ first_name: ERASED_CLIENT, last_name: "", email: "", phone: "", client_id: null, updated_at: at })
      .where("client_id", "=", clientId)
      .execute();
    if (client.email_key) await tx.deleteFrom("mail_outbox").where("to_key", "=", client.email_key).execute();
    await tx.deleteFrom("clients").where("id", "=", clientId).execute();
    const counts = {
      bookings: Number(bookings.numUpdatedRows),
      submissions: Number(submissions.numDeletedRows),
      waitlistEnded: Number(waitlist.numUpdatedRows),
    };
    await audit(tx, actor, `erased client #${clientId} on request`, "Clients", counts);
    return counts;
  });
}
