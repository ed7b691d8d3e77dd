import { audit } from "../audit/audit.server";
import { nowIso, type Db } from "../db/database.server";
import { saveClientWords } from "./clients.server";

export interface Actor {
  userId: number | null;
  email: string | null;
}

/** Why a merge or an erasure did not happen, in the words the admin sees. */
export class ClientChangeRefused extends Error {}

export const CLIENT_GONE = "This client no longer exists. They may have been merged or erased meanwhile.";

/** The tables whose rows name a client. */
export const CLIENT_TABLES = ["bookings", "form_submissions", "waitlist_entries"] as const;

/**
 * Merges `otherId` into `keepId` in one transaction: every booking, submission and waiting-list
 * entry of the other moves to the kept client, the notes are joined (the kept client's first), an
 * e-mail or phone the kept client lacks comes from the other, the other is deleted, and an audit
 * row says so. Returns how many rows moved.
 */
export async function mergeClients(db: Db, keepId: number, otherId: number, actor: Actor) {
  if (keepId === otherId) throw new ClientChangeRefused("Choose another client to merge with.");
  return db.transaction().execute(async (tx) => {
    const [keep, other] = await Promise.all(
      [keepId, otherId].map((id) => tx.selectFrom("clients").selectAll().where("id", "=", id).executeTakeFirst()),
    );
    if (!keep || !other) throw new ClientChangeRefused(CLIENT_GONE);
    const moved: Record<(typeof CLIENT_TABLES)[number], number> = {
      bookings: 0,
      form_submissions: 0,
      waitlist_entries: 0,
    };
    for (const table of CLIENT_TABLES) {
      const result = await tx
        .updateTable(table)
        .set({ client_id: keepId })
        .where("client_id", "=", otherId)
        .executeTakeFirst();
      moved[table] = Number(result.numUpdatedRows);
    }
    await tx
      .updateTable("clients")
      .set({
        notes: [keep.notes.trim(), other.notes.trim()].filter(Boolean).join("\n\n"),
        ...(keep.email_key ? {} : { email: other.email, email_key: other.email_key }),
        ...(keep.phone_key ? {} : { phone: other.phone, phone_key: other.phone_key }),
        updated_at: nowIso(),
      })
      .where("id", "=", keepId)
      .execute();
    await saveClientWords(tx, keepId);
    await tx.deleteFrom("clients").where("id", "=", otherId).execute();
    await audit(tx, actor, `merged client #${otherId} into ${keep.name || `#${keepId}`}`, "Clients", {
      kept: keepId,
      merged: otherId,
      ...moved,
    });
    return moved;
  });
}
