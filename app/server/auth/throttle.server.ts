import { isPostgres, type Db, type DbOrTx } from "../db/database.server";
import type { LoginAttemptsTable } from "../db/schema";
import { countedAddress } from "../http/client-address.server";

/**
 * Throttling of password and code guesses, so that nobody can guess without limit and nobody can
 * lock the owner out. Three counts per guess, kept in the database so every instance sees them:
 *
 * - the account from one address ("pair"): FREE_FAILURES failures are judged, then the pair is
 *   locked for a delay that doubles (30 s, 1 min … 1 h) — that address only, for that account only;
 * - the address, across accounts (password spraying): ADDRESS_FREE_FAILURES, then the same;
 * - the account as a whole, never locked: each judged guess holds back the next guess from any
 *   address that has already failed for it (and has not given it a right answer before) for a gap
 *   that grows with the account's failures (1 s, 2 s … capped at a minute). A guess from an
 *   address with no failures for the account is never held back, however many there were from
 *   elsewhere, so the owner at a clean address is judged at once.
 *
 * A guess is counted as a failure *before* the slow check, in one transaction that decides whether
 * it may go ahead (reserveGuess): guesses sent at once cannot all read "not locked yet", and a
 * refused guess costs one read and no password hash. A right answer gives its guess back
 * (refundGuess) and marks its address as one the account signed in from.
 */
// LOGIN_MAX_FAILURES exists for test servers that sign in wrongly on purpose many times.
export const FREE_FAILURES = Number(process.env.LOGIN_MAX_FAILURES ?? 5);
/** Failures from one address, over every account, before the address is locked. */
export const ADDRESS_FREE_FAILURES = 2 * FREE_FAILURES;
const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 60 * 60 * 1000;
const ACCOUNT_BASE_GAP_MS = 1_000;
export const ACCOUNT_MAX_GAP_MS = 60_000;
/** A count starts afresh after this long without a guess (and its row is then pruned). */
export const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;
/** An address that gave an account a right answer is not held back by its gap for this long. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

/** How long a key is locked once it has this many failures (counting the one just made). */
export function lockDelayMs(failures: number, free = FREE_FAILURES): number {
  if (failures < free) return 0;
  return Math.min(BASE_DELAY_MS * 2 ** (failures - free), MAX_DELAY_MS);
}

/** How long an account's failures hold back the next guess from an address that has failed. */
export function accountGapMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(ACCOUNT_BASE_GAP_MS * 2 ** Math.min(failures - FREE_FAILURES, 30), ACCOUNT_MAX_GAP_MS);
}

/** "45 seconds" or "3 minutes": how long a throttled person has to wait, in words. */
export function waitText(seconds: number): string {
  if (seconds === 1) return "1 second";
  return seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
}

/** The three keys one guess counts against. */
export interface Guess {
  account: string;
  pair: string;
  address: string;
}

function guess(account: string, ip: string): Guess {
  const address = `ip:${countedAddress(ip)}`;
  return { account, pair: `${account}|${address}`, address };
}

/** A password given at sign-in for an e-mail (known or not). */
export const signInGuess = (email: string, ip: string) => guess(`account:${email.trim().toLowerCase()}`, ip);
/** A two-factor code (at sign-in, or to turn two-factor off). */
export const codeGuess = (userId: number, ip: string) => guess(`totp:${userId}`, ip);
/** The current password, given to change it. */
export const passwordChangeGuess = (userId: number, ip: string) => guess(`password:${userId}`, ip);

/** The outcome of reserveGuess. */
export type Reservation =
  | {
      allowed: false;
      /** Seconds until the guess may be made again: the answer's Retry-After. */
      retryAfterSeconds: number;
      /** Which count held it back. */
      heldBy: "pair" | "address" | "account";
    }
  | {
      /** The guess may be judged; it has been counted as a failure already. */
      allowed: true;
      retryAfterSeconds: 0;
      /** The counts just after this guess, and the account's gap before it, for refundGuess. */
      counts: { pair: number; address: number; account: number };
      accountGapBefore: string | null;
    };

type Row = Pick<LoginAttemptsTable, "key" | "failures" | "locked_until" | "updated_at" | "signed_in_at">;

const iso = (ms: number) => new Date(ms).toISOString();
const time = (value: string | null) => (value ? Date.parse(value) : 0);

/**
 * The rows of these keys (an empty row for a key not yet counted), locked for the transaction on
 * PostgreSQL when asked (SQLite's transactions hold the database's write lock).
 */
async function readRows(db: DbOrTx, keys: string[], now: number, lock = false): Promise<Map<string, Row>> {
  let query = db
    .selectFrom("login_attempts")
    .select(["key", "failures", "locked_until", "updated_at", "signed_in_at"])
    .where("key", "in", keys)
    .orderBy("key");
  if (lock && isPostgres(db)) query = query.forUpdate();
  const rows = new Map((await query.execute()).map((row) => [row.key, row]));
  return new Map(
    keys.map((key) => {
      const row = rows.get(key) ?? { key, failures: 0, locked_until: null, updated_at: iso(now), signed_in_at: null };
      // A count nobody has added to for a day is forgotten (the row's "signed in from" mark is not).
      const forgotten = time(row.updated_at) < now - FORGET_AFTER_MS && time(row.locked_until) <= now;
      return [key, forgotten ? { ...row, failures: 0, locked_until: null } : row];
    }),
  );
}

type Refusal = Extract<Reservation, { allowed: false }>;

const refusal = (heldBy: Refusal["heldBy"], until: number, now: number): Refusal => ({
  allowed: false,
  heldBy,
  retryAfterSeconds: Math.ceil((until - now) / 1000),
});

function pairOrAddressLock(pair: Row, address: Row, now: number): Refusal | null {
  const pairLock = time(pair.locked_until);
  const addressLock = time(address.locked_until);
  if (Math.max(pairLock, addressLock) <= now) return null;
  return pairLock >= addressLock ? refusal("pair", pairLock, now) : refusal("address", addressLock, now);
}

/** An address that has failed for the account (and never signed in to it) waits for the account's gap. */
function accountGap(pair: Row, account: Row, now: number): Refusal | null {
  const known = time(pair.signed_in_at) > now - KNOWN_ADDRESS_MS;
  const gapEnds = time(account.locked_until);
  return pair.failures > 0 && !known && gapEnds > now ? refusal("account", gapEnds, now) : null;
}

let lastPrune = 0;

/**
 * Decides whether a guess may be judged and, if so, counts it as a failure in advance.
 *
 * A guess that is held back costs one read and is answered before any password hash: nothing is
 * written or locked for it, so a flood of them holds up nobody. A guess that may go ahead is
 * decided again in a transaction that locks its rows, in one order (the pair and address rows,
 * then the account's) so concurrent guesses cannot deadlock.
 */
export async function reserveGuess(db: Db, keys: Guess, now = Date.now()): Promise<Reservation> {
  if (Math.abs(now - lastPrune) > PRUNE_EVERY_MS) {
    lastPrune = now;
    await pruneThrottle(db, now);
  }
  const seen = await readRows(db, [keys.pair, keys.address, keys.account], now);
  const early = pairOrAddressLock(seen.get(keys.pair)!, seen.get(keys.address)!, now);
  const held = early ?? accountGap(seen.get(keys.pair)!, seen.get(keys.account)!, now);
  if (held) return held;

  const at = iso(now);
  await db
    .insertInto("login_attempts")
    .values([keys.account, keys.pair, keys.address].map((key) => ({ key, failures: 0, updated_at: at })))
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  return db.transaction().execute(async (tx): Promise<Reservation> => {
    const rows = await readRows(tx, [keys.pair, keys.address], now, true);
    const pair = rows.get(keys.pair)!;
    const address = rows.get(keys.address)!;
    const locked = pairOrAddressLock(pair, address, now);
    if (locked) return locked;
    const account = (await readRows(tx, [keys.account], now, true)).get(keys.account)!;
    const gap = accountGap(pair, account, now);
    if (gap) return gap;

    const counts = { pair: pair.failures + 1, address: address.failures + 1, account: account.failures + 1 };
    const until = (delay: number) => (delay ? iso(now + delay) : null);
    const updates: [string, number, string | null][] = [
      [pair.key, counts.pair, until(lockDelayMs(counts.pair))],
      [address.key, counts.address, until(lockDelayMs(counts.address, ADDRESS_FREE_FAILURES))],
      [account.key, counts.account, until(accountGapMs(counts.account))],
    ];
    // Written as upserts: a prune (another guess's, or another instance's) may have removed a row
    // after it was inserted above and before it was read here; an update would then count nothing.
    for (const [key, failures, lockedUntil] of updates) {
      await tx
        .insertInto("login_attempts")
        .values({ key, failures, locked_until: lockedUntil, updated_at: at })
        .onConflict((oc) => oc.column("key").doUpdateSet({ failures, locked_until: lockedUntil, updated_at: at }))
        .execute();
    }
    return { allowed: true, retryAfterSeconds: 0, counts, accountGapBefore: account.locked_until };
  });
}

/**
 * A guess that was right: it was not a failure. The pair starts afresh and its address becomes
 * one the account signed in from; the address and the account lose the one failure, and the lock
 * or gap it set unless another guess has been counted since.
 */
export async function refundGuess(
  db: Db,
  keys: Guess,
  reservation: Extract<Reservation, { allowed: true }>,
  now = Date.now(),
): Promise<void> {
  const at = iso(now);
  await db.transaction().execute(async (tx) => {
    const rows = await readRows(tx, [keys.pair, keys.address], now, true);
    const account = (await readRows(tx, [keys.account], now, true)).get(keys.account);
    await tx
      .updateTable("login_attempts")
      .set({ failures: 0, locked_until: null, signed_in_at: at, updated_at: at })
      .where("key", "=", keys.pair)
      .execute();
    const giveBack = async (row: Row | undefined, counted: number, before: string | null) => {
      if (!row || row.failures === 0) return;
      const untouched = row.failures === counted;
      await tx
        .updateTable("login_attempts")
        .set({ failures: row.failures - 1, ...(untouched ? { locked_until: before } : {}), updated_at: at })
        .where("key", "=", row.key)
        .execute();
    };
    await giveBack(rows.get(keys.address), reservation.counts.address, null);
    await giveBack(account, reservation.counts.account, reservation.accountGapBefore);
  });
}

/** Removes counts nobody has added to for a day, keeping addresses an account signed in from. */
export async function pruneThrottle(db: Db, now = Date.now()): Promise<void> {
  await db
    .deleteFrom("login_attempts")
    .where("updated_at", "<", iso(now - FORGET_AFTER_MS))
    .where((eb) => eb.or([eb("signed_in_at", "is", null), eb("signed_in_at", "<", iso(now - KNOWN_ADDRESS_MS))]))
    .execute();
}
