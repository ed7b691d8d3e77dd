/**
 * Who a booking, a waiting-list entry or a form submission belongs to (docs/decisions.md, 43):
 * the client with the same e-mail; else one with the same phone who has no other e-mail; else a
 * new client. Two different e-mail addresses are two people even on one phone (a household's
 * number, a parent booking for a child), so the e-mail wins.
 *
 * Self-contained on purpose: the SQLite submission thread runs this function's own source
 * (sqlite-submission-thread.server.ts), so the rule has one copy.
 */

/** A contact's keys as app/lib/forms/contact-keys.ts makes them ("" when not given). */
export interface ContactKeys {
  emailKey: string;
  phoneKey: string;
}

/** A client who shares the e-mail key or the phone key. */
export interface ClientCandidate extends ContactKeys {
  id: number;
}

/**
 * The client a contact is matched to, and the keys the client lacks that the contact brings
 * (a client first known by phone gets their e-mail); `id: null` when a new client is to be made.
 * `candidates` are every client with the contact's e-mail key or phone key, in any order.
 */
export function matchClient(
  contact: ContactKeys,
  candidates: readonly ClientCandidate[],
): { id: number | null; addEmail: boolean; addPhone: boolean } {
  const byAge = [...candidates].sort((a, b) => a.id - b.id);
  const sameEmail = contact.emailKey === "" ? undefined : byAge.find((client) => client.emailKey === contact.emailKey);
  const samePhone =
    contact.phoneKey === ""
      ? undefined
      : byAge.find(
          (client) => client.phoneKey === contact.phoneKey && (contact.emailKey === "" || client.emailKey === ""),
        );
  const found = sameEmail ?? samePhone;
  if (!found) return { id: null, addEmail: false, addPhone: false };
  return {
    id: found.id,
    addEmail: found.emailKey === "" && contact.emailKey !== "",
    addPhone: found.phoneKey === "" && contact.phoneKey !== "",
  };
}
