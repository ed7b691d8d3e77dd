import { sql } from "kysely";
import { emailKey, phoneKey } from "~/lib/forms/contact-keys";
import type { DbOrTx } from "../../db/database.server";
import { AWAITING_ANSWER, HOLDING_STATUSES } from "../model.server";
import { isPostgres } from "../../db/database.server";

/** A client as the cap knows them: the booking's e-mail and phone, compared as contact keys. */
export interface ClientKeys {
  email_key: string;
  phone_key: string;
}

export function clientKeys(client: { email: string; phone: string }): ClientKeys {
  return { email_key: emailKey(client.email), phone_key: phoneKey(client.phone) };
}

/** What the client reads when the cap refuses a booking. */
export function clientCapMessage(max: number, salonPhone: string): string {
  const visits = max === 1 ? "1 upcoming visit" : `${max} upcoming visits`;
  const call = salonPhone ? `call us at ${salonPhone}` : "call us";
  return `You already have ${visits} with us. To book more, ${call} or manage your visits from the links in your e-mails.`;
}

export interface ClientCap {
  /** The booking setting maxUpcomingPerClient; 0 = no cap. */
  max: number;
  /** The salon's phone, for the refusal. */
  salonPhone: string;
  now: number;
  requestExpiryHours: number;
}

/**
 * Inside the transaction that claims the time: the refusal when this client already holds the
 * cap's number of upcoming online bookings, else null. A request or a proposed time holds only
 * until it lapses; the client is matched by e-mail or by phone. On PostgreSQL the client's keys
 * are locked for the rest of the transaction first, so two bookings by one client at once (for
 * different chairs, which lock nothing in common) are counted one after the other; SQLite's
 * booking transactions hold the one write lock already.
 */
export async function clientCapRefusal(tx: DbOrTx, client: ClientKeys, cap: ClientCap): Promise<string | null> {
  if (cap.max === 0) return null;
  const keys = [client.email_key && `email:${client.email_key}`, client.phone_key && `phone:${client.phone_key}`]
    .filter(Boolean)
    .sort();
  if (!keys.length) return null;
  if (isPostgres(tx)) {
    for (const key of keys)
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`client:${key}`}, 0))`.execute(tx);
  }
  // Requests and proposals are stamped with the clock (nowIso), so the clock judges whether they lapsed.
  const madeAfter = new Date(Date.now() - cap.requestExpiryHours * 3_600_000).toISOString();
  const row = await tx
    .selectFrom("bookings")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("kind", "=", "appointment")
    .where("source", "=", "online")
    .where("status", "in", [...HOLDING_STATUSES])
    .where("starts_at", ">", new Date(cap.now).toISOString())
    .where((eb) => eb.or([eb("status", "not in", [...AWAITING_ANSWER]), eb("updated_at", ">", madeAfter)]))
    .where((eb) =>
      eb.or([
        ...(client.email_key ? [eb("email_key", "=", client.email_key)] : []),
        ...(client.phone_key ? [eb("phone_key", "=", client.phone_key)] : []),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n) >= cap.max ? clientCapMessage(cap.max, cap.salonPhone) : null;
}
