import { emailKey, phoneKey } from "~/lib/forms/contact-keys";
import { NO_HISTORY, visitAmount, type ClientHistory, type ClientTotals } from "~/lib/clients/history";
import { bookingOutcome } from "~/lib/booking/model";
import type { DbOrTx } from "../db/database.server";

/**
 * A client's history, counted from their appointments' outcomes (app/lib/booking/model.ts) with
 * one query however many clients are asked for. A client is named by their record's id (the
 * bookings' indexed client_id), or, for someone not yet written down (a booking being made), by
 * their e-mail or phone compared as contact keys (the indexed bookings.email_key and phone_key).
 */

export interface ClientContact {
  email: string;
  phone: string;
  /** Their client record: when set, their bookings are the ones that name it, and only those. */
  clientId?: number | null;
}

interface Ref {
  id: number | null;
  email: string;
  phone: string;
}

interface OutcomeRow {
  client_id: number | null;
  email_key: string;
  phone_key: string;
  status: "confirmed" | "cancelled";
  outcome: string;
  starts_at: string;
  ends_at: string;
  price: string;
}

const refOf = (client: ClientContact): Ref =>
  client.clientId
    ? { id: client.clientId, email: "", phone: "" }
    : { id: null, email: emailKey(client.email), phone: phoneKey(client.phone) };

const matches = (ref: Ref, row: OutcomeRow) =>
  ref.id !== null
    ? row.client_id === ref.id
    : (ref.email !== "" && row.email_key === ref.email) || (ref.phone !== "" && row.phone_key === ref.phone);

/** Each client's totals at `now`, in the order asked: their history, last visit and spend estimate. */
export async function clientTotals(
  db: DbOrTx,
  clients: readonly ClientContact[],
  timeZone: string,
  now: number,
): Promise<ClientTotals[]> {
  const refs = clients.map(refOf);
  const ids = [...new Set(refs.map((r) => r.id).filter((id) => id !== null))];
  const emails = [...new Set(refs.map((r) => r.email).filter(Boolean))];
  const phones = [...new Set(refs.map((r) => r.phone).filter(Boolean))];
  const empty = (): ClientTotals => ({ ...NO_HISTORY, lastVisitAt: null, spent: 0 });
  if (!ids.length && !emails.length && !phones.length) return clients.map(empty);
  // Only appointments that have begun can have an outcome.
  const rows = (await db
    .selectFrom("bookings")
    .select(["client_id", "email_key", "phone_key", "status", "outcome", "starts_at", "ends_at", "price"])
    .where("kind", "=", "appointment")
    .where("status", "in", ["confirmed", "cancelled"])
    .where("starts_at", "<=", new Date(now).toISOString())
    .where((eb) =>
      eb.or([
        ...(ids.length ? [eb("client_id", "in", ids)] : []),
        ...(emails.length ? [eb("email_key", "in", emails)] : []),
        ...(phones.length ? [eb("phone_key", "in", phones)] : []),
      ]),
    )
    .execute()) as OutcomeRow[];
  const outcomes = rows.map((row) => ({
    row,
    outcome: bookingOutcome({ status: row.status, outcome: row.outcome, endsAt: row.ends_at }, timeZone, now),
  }));
  return refs.map((ref) => {
    const totals = empty();
    for (const { row, outcome } of outcomes) {
      if (!outcome || !matches(ref, row)) continue;
      if (outcome === "completed") {
        totals.visits += 1;
        totals.spent += visitAmount(row.price);
        if (!totals.lastVisitAt || row.starts_at > totals.lastVisitAt) totals.lastVisitAt = row.starts_at;
      } else if (outcome === "no_show") totals.noShows += 1;
      else totals.lateCancellations += 1;
    }
    return totals;
  });
}

/** Each client's history at `now`, in the order asked: visits completed, no-shows, late cancellations. */
export async function clientHistories(
  db: DbOrTx,
  clients: readonly ClientContact[],
  timeZone: string,
  now: number,
): Promise<ClientHistory[]> {
  const totals = await clientTotals(db, clients, timeZone, now);
  return totals.map(({ visits, noShows, lateCancellations }) => ({ visits, noShows, lateCancellations }));
}

/**
 * Each client's no-shows as the no-show limit reads them: by their record (so an address merged into
 * it counts) and by their e-mail and phone (so a new record on a phone with no-shows does not start
 * afresh), whichever is more; never the two added, which would count a no-show twice.
 */
export async function noShowsForLimit(
  db: DbOrTx,
  clients: readonly ClientContact[],
  timeZone: string,
  now: number,
): Promise<number[]> {
  const [byKeys, byRecord] = await Promise.all([
    clientHistories(
      db,
      clients.map((c) => ({ email: c.email, phone: c.phone })),
      timeZone,
      now,
    ),
    clientHistories(
      db,
      clients.map((c) => ({ email: "", phone: "", clientId: c.clientId ?? null })),
      timeZone,
      now,
    ),
  ]);
  return byKeys.map((h, i) => Math.max(h.noShows, clients[i].clientId ? byRecord[i].noShows : 0));
}
