import { emailKey, phoneKey } from "~/lib/forms/contact-keys";
import { matchClient } from "~/lib/clients/matching";
import { clientSearchWords } from "~/lib/clients/search-words";
import { nowIso, type DbOrTx } from "../db/database.server";

/**
 * Who a row belongs to, decided when it is written: the booking engine's write, the waiting list
 * and the submission writer call clientIdFor inside their own transaction, so a row is never
 * stored without its client. The rule is app/lib/clients/matching.ts.
 */

export interface ContactGiven {
  name: string;
  email: string;
  phone?: string | null;
}

/** The contact's keys, as the clients table keeps them. */
export const contactKeys = (contact: Pick<ContactGiven, "email" | "phone">) => ({
  emailKey: emailKey(contact.email),
  phoneKey: phoneKey(contact.phone ?? ""),
});

/**
 * The id of the client this contact belongs to, made when there is none; null when the contact
 * has neither an e-mail nor a phone. A matched client without an e-mail (or phone) gets this one.
 */
export async function clientIdFor(tx: DbOrTx, contact: ContactGiven): Promise<number | null> {
  const keys = contactKeys(contact);
  if (!keys.emailKey && !keys.phoneKey) return null;
  const match = await matchFor(tx, keys);
  const at = nowIso();
  if (match.id === null) {
    const name = contact.name.trim();
    const row = await tx
      .insertInto("clients")
      .values({
        name,
        email: keys.emailKey ? contact.email.trim() : "",
        phone: keys.phoneKey ? (contact.phone ?? "").trim() : "",
        email_key: keys.emailKey,
        phone_key: keys.phoneKey,
        notes: "",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await insertClientWords(tx, row.id, { name, emailKey: keys.emailKey, phoneKey: keys.phoneKey });
    return row.id;
  }
  if (match.addEmail || match.addPhone) {
    await tx
      .updateTable("clients")
      .set({
        ...(match.addEmail ? { email: contact.email.trim(), email_key: keys.emailKey } : {}),
        ...(match.addPhone ? { phone: (contact.phone ?? "").trim(), phone_key: keys.phoneKey } : {}),
        updated_at: at,
      })
      .where("id", "=", match.id)
      .execute();
    await saveClientWords(tx, match.id);
  }
  return match.id;
}

/** Writes the words a client is found by (app/lib/clients/search-words.ts) from their row as it is now. */
export async function saveClientWords(tx: DbOrTx, id: number): Promise<void> {
  await tx.deleteFrom("client_words").where("client_id", "=", id).execute();
  const client = await tx
    .selectFrom("clients")
    .select(["name", "email_key", "phone_key"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!client) return;
  await insertClientWords(tx, id, { name: client.name, emailKey: client.email_key, phoneKey: client.phone_key });
}

/** A client's words, from their row's values (a new client has none yet). */
async function insertClientWords(tx: DbOrTx, id: number, client: Parameters<typeof clientSearchWords>[0]) {
  const words = clientSearchWords(client);
  if (words.length)
    await tx
      .insertInto("client_words")
      .values(words.map((word) => ({ word, client_id: id })))
      .execute();
}

/** The existing client a contact's keys match (the same rule as clientIdFor), without making one. */
async function matchFor(tx: DbOrTx, keys: ReturnType<typeof contactKeys>) {
  const candidates = await tx
    .selectFrom("clients")
    .select(["id", "email_key as emailKey", "phone_key as phoneKey"])
    .where((eb) =>
      eb.or([
        ...(keys.emailKey ? [eb("email_key", "=", keys.emailKey)] : []),
        ...(keys.phoneKey ? [eb("phone_key", "=", keys.phoneKey)] : []),
      ]),
    )
    .execute();
  return matchClient(keys, candidates);
}

/** The id of the client a contact would be filed under today; null when there is none yet. */
export async function existingClientId(
  tx: DbOrTx,
  contact: Pick<ContactGiven, "email" | "phone">,
): Promise<number | null> {
  const keys = contactKeys(contact);
  if (!keys.emailKey && !keys.phoneKey) return null;
  return (await matchFor(tx, keys)).id;
}
