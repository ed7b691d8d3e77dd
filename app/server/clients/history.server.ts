import { emailKey, phoneKey } from "~/lib/forms/contact-keys";
import { NO_HISTORY, type ClientHistory } from "~/lib/clients/history";
import { bookingOutcome } from "~/lib/booking/model";
import type { DbOrTx } from "../db/database.server";

/**
 * Who a client is, as far as bookings tell: every appointment with the same e-mail or the same
 * phone (compared as contact keys, app/lib/forms/contact-keys.ts) is theirs. Their history is
 * counted from those appointments' outcomes (app/lib/booking/model.ts) with one query however many
 * clients are asked for, on the indexes of bookings.email_key and phone_key.
 */

export interface ClientContact {
  email: string;
  phone: string;
}

interface Keys {
  email: string;
  phone: string;
}

const keysOf = (client: ClientContact): Keys => ({ email: emailKey(client.email), phone: phoneKey(client.phone) });

const matches = (keys: Keys, row: { email_key: string; phone_key: string }) =>
  (keys.email !== "" && row.email_key === keys.email) || (keys.phone !== "" && row.phone_key === keys.phone);

/** Each client's history at `now`, in the order asked: visits completed, no-shows, late cancellations. */
export async function clientHistories(
  db: DbOrTx,
  clients: readonly ClientContact[],
  timeZone: string,
  now: number,
): Promise<ClientHistory[]> {
  const keys = clients.map(keysOf);
  const emails = [...new Set(keys.map((k) => k.email).filter(Boolean))];
  const phones = [...new Set(keys.map((k) => k.phone).filter(Boolean))];
  if (!emails.length && !phones.length) return clients.map(() => ({ ...NO_HISTORY }));
  // Only appointments that have begun can have an outcome.
  const rows = await db
    .selectFrom("bookings")
    .select(["email_key", "phone_key", "status", "outcome", "ends_at"])
    .where("kind", "=", "appointment")
    .where("status", "in", ["confirmed", "cancelled"])
    .where("starts_at", "<=", new Date(now).toISOString())
    .where((eb) =>
      eb.or([
        ...(emails.length ? [eb("email_key", "in", emails)] : []),
        ...(phones.length ? [eb("phone_key", "in", phones)] : []),
      ]),
    )
    .execute();
  const outcomes = rows.map((row) => ({
    row,
    outcome: bookingOutcome({ status: row.status, outcome: row.outcome, endsAt: row.ends_at }, timeZone, now),
  }));
  return keys.map((client) => {
    const history = { ...NO_HISTORY };
    for (const { row, outcome } of outcomes) {
      if (!outcome || !matches(client, row)) continue;
      if (outcome === "completed") history.visits += 1;
      else if (outcome === "no_show") history.noShows += 1;
      else history.lateCancellations += 1;
    }
    return history;
  });
}
