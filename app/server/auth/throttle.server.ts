import { PostgresAdapter } from "kysely";
import { nowIso, type Db, type DbOrTx } from "../db/database.server";

/**
 * Throttling of password and code checks per account and per client address: the first
 * FREE_FAILURES failures cost nothing; each further one locks the key for a delay that doubles
 * (30 s, 1 min, 2 min … 1 h). Stored in the database so every server instance sees the same counts.
 *
 * An attempt is counted *before* the slow check, in one transaction that also decides whether it
 * may go ahead (reserveAttempt): a hundred attempts sent at once cannot all read "not locked yet"
 * and all reach the password hash. A successful check gives its attempt back (refundAttempt).
 */
// LOGIN_MAX_FAILURES exists for test servers that sign in wrongly on purpose many times.
export const FREE_FAILURES = Number(process.env.LOGIN_MAX_FAILURES ?? 5);
const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 60 * 60 * 1000;

/** How long a key is locked once it has this many failures (counting the one just made). */
export function lockDelayMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(BASE_DELAY_MS * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS);
}

/** "45 seconds" or "3 minutes": how long a throttled person has to wait, in words. */
export function waitText(seconds: number): string {
  return seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
}

export const throttleKeys = (email: string, ip: string) => [`account:${email.trim().toLowerCase()}`, `ip:${ip}`];

function isPostgres(db: DbOrTx): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The outcome of reserveAttempt. */
export interface Reservation {
  /** 0: the attempt may go ahead (counted as a failure already); else seconds until the lock ends. */
  lockedForSeconds: number;
  /** Each key's count just after this attempt was counted, for refundAttempt. */
  counts: Record<string, number>;
}

/**
 * Counts one attempt against every key, unless one of them is locked (then nothing is counted).
 * The keys' rows are locked in a fixed order for the transaction on PostgreSQL; SQLite
 * transactions here hold the database's one write lock.
 */
export async function reserveAttempt(db: Db, keys: string[], now = Date.now()): Promise<Reservation> {
  const sorted = [...new Set(keys)].sort();
  for (const key of sorted) {
    await db
      .insertInto("login_attempts")
      .values({ key, failures: 0, locked_until: null, updated_at: nowIso() })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
  }
  return db.transaction().execute(async (tx) => {
    let query = tx
      .selectFrom("login_attempts")
      .select(["key", "failures", "locked_until"])
      .where("key", "in", sorted)
      .orderBy("key");
    if (isPostgres(tx)) query = query.forUpdate();
    const rows = await query.execute();
    const lockedUntil = Math.max(0, ...rows.map((row) => (row.locked_until ? Date.parse(row.locked_until) : 0)));
    if (lockedUntil > now) return { lockedForSeconds: Math.ceil((lockedUntil - now) / 1000), counts: {} };
    const counts: Record<string, number> = {};
    for (const row of rows) {
      const failures = row.failures + 1;
      const delay = lockDelayMs(failures);
      counts[row.key] = failures;
      await tx
        .updateTable("login_attempts")
        .set({ failures, locked_until: delay ? new Date(now + delay).toISOString() : null, updated_at: nowIso() })
        .where("key", "=", row.key)
        .execute();
    }
    return { lockedForSeconds: 0, counts };
  });
}

/**
 * A check that passed: its reserved attempt was not a failure. The account's count is cleared
 * (the first key); the others (the address) lose the one attempt, and the lock it set unless
 * another attempt has been counted since.
 */
export async function refundAttempt(db: Db, keys: string[], reservation: Reservation): Promise<void> {
  const [account, ...others] = keys;
  await db.transaction().execute(async (tx) => {
    if (account) await tx.deleteFrom("login_attempts").where("key", "=", account).execute();
    for (const key of others) {
      const row = await tx.selectFrom("login_attempts").select("failures").where("key", "=", key).executeTakeFirst();
      if (!row || row.failures === 0) continue;
      const untouched = row.failures === reservation.counts[key];
      await tx
        .updateTable("login_attempts")
        .set(
          untouched
            ? { failures: row.failures - 1, locked_until: null, updated_at: nowIso() }
            : { failures: row.failures - 1, updated_at: nowIso() },
        )
        .where("key", "=", key)
        .execute();
    }
  });
}
