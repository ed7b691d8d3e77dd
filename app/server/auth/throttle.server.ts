import { nowIso, type Db } from "../db/database.server";

/**
 * Sign-in throttling per account and per client address: the first FREE_FAILURES failures cost
 * nothing; each further one locks the key for a delay that doubles (30 s, 1 min, 2 min … 1 h).
 * Stored in the database so every server instance sees the same counts.
 */
// LOGIN_MAX_FAILURES exists for test servers that sign in wrongly on purpose many times.
export const FREE_FAILURES = Number(process.env.LOGIN_MAX_FAILURES ?? 5);
const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 60 * 60 * 1000;

export function lockDelayMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(BASE_DELAY_MS * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS);
}

export const throttleKeys = (email: string, ip: string) => [`account:${email.trim().toLowerCase()}`, `ip:${ip}`];

/** Seconds until the longest lock among the keys ends; 0 when none is locked. */
export async function lockedForSeconds(db: Db, keys: string[], now = Date.now()): Promise<number> {
  const rows = await db.selectFrom("login_attempts").select(["locked_until"]).where("key", "in", keys).execute();
  let until = 0;
  for (const row of rows) if (row.locked_until) until = Math.max(until, Date.parse(row.locked_until));
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

export async function recordFailure(db: Db, keys: string[], now = Date.now()): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const key of keys) {
      const row = await tx.selectFrom("login_attempts").select("failures").where("key", "=", key).executeTakeFirst();
      const failures = (row?.failures ?? 0) + 1;
      const delay = lockDelayMs(failures);
      const values = {
        failures,
        locked_until: delay ? new Date(now + delay).toISOString() : null,
        updated_at: nowIso(),
      };
      if (row) await tx.updateTable("login_attempts").set(values).where("key", "=", key).execute();
      else
        await tx
          .insertInto("login_attempts")
          .values({ key, ...values })
          .execute();
    }
  });
}

/** A successful sign-in clears the account's count (the address keeps its history). */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom("login_attempts").where("key", "=", key).execute();
}
