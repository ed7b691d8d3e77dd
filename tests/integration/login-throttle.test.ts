/**
 * The sign-in throttle: at most five judged guesses per account from one address (then a doubling
 * lock for that pair only), a limit per address over all accounts, and no lock for the account as
 * a whole — addresses that have failed wait for the account's growing gap, a clean address never
 * does. A guess is counted before its password check, in one transaction that decides whether it
 * may go ahead, so guesses sent at once (to one server or to two on one database) cannot all pass.
 * Refused guesses are answered without any password hash. Every wait is computed, not timed.
 */
import { InsertQueryNode, type KyselyPlugin } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/database.server";
import { countedAddress } from "~/server/http/client-address.server";
import {
  ACCOUNT_MAX_GAP_MS,
  accountGapMs,
  codeGuess,
  FORGET_AFTER_MS,
  KNOWN_ADDRESS_MS,
  lockDelayMs,
  pruneThrottle,
  refundGuess,
  reserveGuess,
  signInGuess,
  type Reservation,
} from "~/server/auth/throttle.server";
import { testDialect, useTestDatabase } from "../support/test-db";

const FREE = 5;
/** The longest an owner at a clean address may be made to wait: "a few seconds". */
const FEW_SECONDS = 3;

const at = (iso: string) => Date.parse(iso);
const allowed = (r: Reservation) => r.allowed;

describe(`sign-in throttle (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const db = () => testDb().db;
  const others: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const handle of others) await handle.close();
  });

  /** Wrong guesses (never refunded), twenty at a time in the given order; returns how many were judged. */
  async function wrongGuesses(keys: ReturnType<typeof signInGuess>[], now: number): Promise<number> {
    let judged = 0;
    for (let i = 0; i < keys.length; i += 20) {
      const outcomes = await Promise.all(keys.slice(i, i + 20).map((key) => reserveGuess(db(), key, now)));
      judged += outcomes.filter(allowed).length;
    }
    return judged;
  }

  it("locks a pair after five judged failures for a doubling delay; holds back failed addresses for a gap that grows to a minute", () => {
    // The test's own expectations assume the default of five.
    expect(lockDelayMs(FREE - 1)).toBe(0);
    expect(lockDelayMs(FREE)).toBe(30_000);
    expect(lockDelayMs(FREE + 1)).toBe(60_000);
    expect(lockDelayMs(FREE + 20)).toBe(3_600_000);
    expect(accountGapMs(FREE - 1)).toBe(0);
    expect(accountGapMs(FREE)).toBe(1_000);
    expect(accountGapMs(FREE + 3)).toBe(8_000);
    expect(accountGapMs(1_000_000)).toBe(ACCOUNT_MAX_GAP_MS);
    expect(ACCOUNT_MAX_GAP_MS).toBe(60_000);
  });

  it("counts an IPv6 client by its /64 network and an IPv4-mapped client as IPv4", () => {
    expect(countedAddress("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(countedAddress("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(countedAddress("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(countedAddress("198.51.100.7")).toBe("198.51.100.7");
    expect(countedAddress("unknown")).toBe("unknown");
  });

  it("the goal: after 1,000 wrong passwords from 1,000 other addresses the owner's right password from a clean address is judged at once", async () => {
    const email = "owner@aurelia.test";
    const now = at("2026-11-25T09:00:00Z");
    const attackers = Array.from({ length: 1000 }, (_, i) => signInGuess(email, `10.${i >> 8}.${i & 255}.1`));
    expect(await wrongGuesses(attackers, now)).toBe(1000);

    const owner = signInGuess(email, "198.51.100.1");
    const reservation = await reserveGuess(db(), owner, now);
    expect(reservation.allowed).toBe(true);
    expect(reservation.retryAfterSeconds).toBeLessThanOrEqual(FEW_SECONDS);
    expect(reservation.retryAfterSeconds).toBe(0);
    // Meanwhile each attacker address that has failed waits for the account's gap (a minute now).
    const again = await reserveGuess(db(), attackers[0], now);
    expect(again).toMatchObject({ allowed: false, heldBy: "account", retryAfterSeconds: ACCOUNT_MAX_GAP_MS / 1000 });
  }, 120_000);

  it("the goal from a few addresses: 1,000 wrong passwords from 10 addresses are mostly refused unjudged; the owner is judged at once", async () => {
    const email = "salon@aurelia.test";
    const start = at("2026-11-25T10:00:00Z");
    let judged = 0;
    // 100 rounds of ten, a second apart: the pairs' locks and the account's gap refuse nearly all.
    for (let round = 0; round < 100; round++) {
      const keys = Array.from({ length: 10 }, (_, i) => signInGuess(email, `172.16.0.${i}`));
      judged += await wrongGuesses(keys, start + round * 1000);
    }
    expect(judged).toBeGreaterThanOrEqual(10);
    expect(judged).toBeLessThan(30);
    const owner = await reserveGuess(db(), signInGuess(email, "198.51.100.2"), start + 100_000);
    expect(owner.allowed).toBe(true);
    expect(owner.retryAfterSeconds).toBe(0);
  });

  it("the code step too: wrong codes from 200 other addresses leave the owner's code from a clean address judged at once", async () => {
    const now = at("2026-11-25T11:00:00Z");
    const attackers = Array.from({ length: 200 }, (_, i) => codeGuess(42, `10.100.0.${i}`));
    expect(await wrongGuesses(attackers, now)).toBe(200);
    const owner = await reserveGuess(db(), codeGuess(42, "198.51.100.3"), now);
    expect(owner).toMatchObject({ allowed: true, retryAfterSeconds: 0 });
  });

  it("five wrong passwords from one address for one account: that pair is refused, another address is still judged", async () => {
    const email = "pair@aurelia.test";
    const now = at("2026-11-25T12:00:00Z");
    const from = signInGuess(email, "203.0.113.1");
    for (let i = 0; i < FREE; i++)
      expect((await reserveGuess(db(), from, now + i)).allowed, `guess ${i + 1}`).toBe(true);
    const sixth = await reserveGuess(db(), from, now + FREE);
    expect(sixth).toMatchObject({ allowed: false, heldBy: "pair", retryAfterSeconds: 30 });
    expect((await reserveGuess(db(), signInGuess(email, "203.0.113.2"), now + FREE)).allowed).toBe(true);
    // The same address may still try another account (under its own limit).
    expect((await reserveGuess(db(), signInGuess("other@aurelia.test", "203.0.113.1"), now + FREE)).allowed).toBe(true);
  });

  it("of 100 guesses at once for one account from one address, five go ahead; the others are told how long to wait", async () => {
    const keys = signInGuess("burst@aurelia.test", "198.51.100.7");
    const now = at("2026-11-25T13:00:00Z");
    const outcomes = await Promise.all(Array.from({ length: 100 }, () => reserveGuess(db(), keys, now)));
    expect(outcomes.filter(allowed)).toHaveLength(FREE);
    const waits = outcomes.filter((o) => !o.allowed).map((o) => o.retryAfterSeconds);
    expect(Math.min(...waits)).toBeGreaterThan(0);
    expect(Math.max(...waits)).toBeLessThanOrEqual(30);
  });

  it("two server instances on one database share the count", async () => {
    const second = openDatabase({ databaseUrl: testDb().url, dataDir: testDb().dataDir });
    others.push(second);
    const keys = signInGuess("editor@aurelia.test", "198.51.100.8");
    const now = at("2026-11-25T14:00:00Z");
    const dbs = [db(), second.db];
    const outcomes = await Promise.all(Array.from({ length: 60 }, (_, i) => reserveGuess(dbs[i % 2], keys, now)));
    expect(outcomes.filter(allowed)).toHaveLength(FREE);
  });

  it("an address that failed waits for the account's gap, shared by every failed address; the gap runs out", async () => {
    const email = "gap@aurelia.test";
    const now = at("2026-11-25T15:00:00Z");
    const failed = Array.from({ length: 8 }, (_, i) => signInGuess(email, `203.0.113.${20 + i}`));
    expect(await wrongGuesses(failed, now)).toBe(8);
    // Eight failures: a gap of 1 s × 2³ after the last.
    const gap = accountGapMs(8);
    expect(await reserveGuess(db(), failed[0], now + gap - 1000)).toMatchObject({ allowed: false, heldBy: "account" });
    expect((await reserveGuess(db(), failed[0], now + gap)).allowed).toBe(true);
    // That judged guess closed the gap again (nine failures: 16 s) for every failed address.
    expect(await reserveGuess(db(), failed[1], now + gap)).toMatchObject({
      allowed: false,
      heldBy: "account",
      retryAfterSeconds: accountGapMs(9) / 1000,
    });
  });

  it("an address the owner signed in from is not held back by other addresses' failures after a typo", async () => {
    const email = "typo@aurelia.test";
    const now = at("2026-11-25T16:00:00Z");
    const salon = signInGuess(email, "198.51.100.30");
    const signedIn = await reserveGuess(db(), salon, now);
    if (!signedIn.allowed) throw new Error("the first sign-in was refused");
    await refundGuess(db(), salon, signedIn, now);

    const attackers = Array.from({ length: 50 }, (_, i) => signInGuess(email, `10.50.0.${i}`));
    expect(await wrongGuesses(attackers, now + 1000)).toBe(50);
    // A typo at the salon, then the right password: both judged at once despite the account's gap.
    expect((await reserveGuess(db(), salon, now + 2000)).allowed).toBe(true);
    const right = await reserveGuess(db(), salon, now + 2001);
    expect(right).toMatchObject({ allowed: true, retryAfterSeconds: 0 });
  });

  it("an address that fails for many accounts (password spraying) is locked for all of them", async () => {
    const now = at("2026-11-25T17:00:00Z");
    const sprayer = "203.0.113.200";
    for (let i = 0; i < 2 * FREE; i++) {
      expect((await reserveGuess(db(), signInGuess(`user${i}@aurelia.test`, sprayer), now)).allowed).toBe(true);
    }
    expect(await reserveGuess(db(), signInGuess("user99@aurelia.test", sprayer), now)).toMatchObject({
      allowed: false,
      heldBy: "address",
      retryAfterSeconds: 30,
    });
  });

  it("a right password gives its guess back: the pair starts afresh, the address keeps its other failures, the account's gap is as it was", async () => {
    const email = "front@aurelia.test";
    const keys = signInGuess(email, "198.51.100.9");
    const now = at("2026-11-25T18:00:00Z");
    for (let i = 0; i < FREE - 1; i++) expect((await reserveGuess(db(), keys, now)).allowed).toBe(true);
    // The fifth guess is counted first, which locks the pair while its password is checked …
    const fifth = await reserveGuess(db(), keys, now);
    if (!fifth.allowed) throw new Error("the fifth guess was refused");
    expect((await reserveGuess(db(), keys, now)).allowed).toBe(false);
    // … and the password was right: nothing stays locked, the address keeps its four failures.
    await refundGuess(db(), keys, fifth, now);
    const rows = await db()
      .selectFrom("login_attempts")
      .select(["key", "failures", "locked_until"])
      .where("key", "in", [keys.account, keys.pair, keys.address])
      .orderBy("key")
      .execute();
    expect(rows).toEqual([
      { key: keys.account, failures: FREE - 1, locked_until: null },
      { key: keys.pair, failures: 0, locked_until: null },
      { key: keys.address, failures: FREE - 1, locked_until: null },
    ]);
    expect((await reserveGuess(db(), keys, now)).allowed).toBe(true);
  });

  it("a pair's lock runs out: after its delay the next guess goes ahead, and the next failure doubles it", async () => {
    const keys = signInGuess("late@aurelia.test", "198.51.100.10");
    const now = at("2026-11-25T19:00:00Z");
    for (let i = 0; i < FREE; i++) await reserveGuess(db(), keys, now);
    expect((await reserveGuess(db(), keys, now + 29_000)).retryAfterSeconds).toBe(1);
    expect((await reserveGuess(db(), keys, now + 30_000)).allowed).toBe(true);
    expect(await reserveGuess(db(), keys, now + 30_000)).toMatchObject({ heldBy: "pair", retryAfterSeconds: 60 });
  });

  it("counts are forgotten after a day without guesses; pruning removes them and keeps the addresses an account signed in from", async () => {
    const email = "quiet@aurelia.test";
    const now = at("2026-11-25T20:00:00Z");
    const attacker = signInGuess(email, "203.0.113.77");
    for (let i = 0; i < FREE; i++) await reserveGuess(db(), attacker, now);
    const owner = signInGuess(email, "198.51.100.77");
    const signedIn = await reserveGuess(db(), owner, now);
    if (!signedIn.allowed) throw new Error("the owner was refused");
    await refundGuess(db(), owner, signedIn, now);

    const dayLater = now + FORGET_AFTER_MS + 1;
    expect(await reserveGuess(db(), attacker, dayLater)).toMatchObject({ allowed: true });
    await pruneThrottle(db(), dayLater + FORGET_AFTER_MS + 1);
    const keys = await db()
      .selectFrom("login_attempts")
      .select("key")
      .where("key", "like", `account:${email}%`)
      .execute();
    expect(keys.map((k) => k.key)).toEqual([owner.pair]);
  });

  it("the wait it tells is rounded up to the second, and a guess made when it is over goes ahead", async () => {
    const keys = signInGuess("rounded@aurelia.test", "198.51.100.40");
    const now = at("2026-11-26T09:00:00Z");
    for (let i = 0; i < FREE; i++) await reserveGuess(db(), keys, now);
    expect(await reserveGuess(db(), keys, now + 500)).toMatchObject({ allowed: false, retryAfterSeconds: 30 });
    expect((await reserveGuess(db(), keys, now + 500 + 30_000)).allowed).toBe(true);
  });

  it("a count stands for a whole day after its last guess, and is forgotten a moment later", async () => {
    const now = at("2026-11-26T10:00:00Z");
    const remembered = signInGuess("day@aurelia.test", "198.51.100.41");
    const forgotten = signInGuess("moment@aurelia.test", "198.51.100.42");
    for (let i = 0; i < FREE; i++) {
      await reserveGuess(db(), remembered, now);
      await reserveGuess(db(), forgotten, now);
    }
    // The sixth failure, a day to the millisecond after the fifth, locks the pair for a minute …
    expect((await reserveGuess(db(), remembered, now + FORGET_AFTER_MS)).allowed).toBe(true);
    expect(await reserveGuess(db(), remembered, now + FORGET_AFTER_MS)).toMatchObject({ retryAfterSeconds: 60 });
    // … a millisecond later the count starts afresh: two more guesses are judged.
    expect((await reserveGuess(db(), forgotten, now + FORGET_AFTER_MS + 1)).allowed).toBe(true);
    expect((await reserveGuess(db(), forgotten, now + FORGET_AFTER_MS + 1)).allowed).toBe(true);
  });

  it("a guess still counts when a prune removes its account's row between the guess's insert and its count", async () => {
    // What another guess's prune (or another instance's) can do at that moment, done here on cue.
    const keys = signInGuess("race@aurelia.test", "198.51.100.60");
    const now = at("2026-11-26T12:00:00Z");
    const prune = () => db().deleteFrom("login_attempts").where("key", "=", keys.account).execute();
    const inserts = new Set<unknown>();
    let armed = true;
    const pruneInBetween: KyselyPlugin = {
      transformQuery(args) {
        const node = args.node;
        if (
          armed &&
          InsertQueryNode.is(node) &&
          node.into?.table.identifier.name === "login_attempts" &&
          node.onConflict?.doNothing
        )
          inserts.add(args.queryId);
        return node;
      },
      async transformResult(args) {
        if (inserts.delete(args.queryId)) {
          armed = false;
          // SQLite has one connection, held until this returns: the prune queues ahead of the count.
          if (testDialect === "postgres") await prune();
          else void prune();
        }
        return args.result;
      },
    };
    const guess = await reserveGuess(db().withPlugin(pruneInBetween), keys, now);
    expect(guess.allowed).toBe(true);
    expect(armed).toBe(false);
    const account = await db()
      .selectFrom("login_attempts")
      .select("failures")
      .where("key", "=", keys.account)
      .executeTakeFirst();
    expect(account?.failures).toBe(1);
  });

  it("an address the owner signed in from is trusted for 30 days after that sign-in, then waits the account's gap like any other", async () => {
    const email = "month@aurelia.test";
    const signedInAt = at("2026-10-01T09:00:00Z");
    const salon = signInGuess(email, "198.51.100.43");
    const signedIn = await reserveGuess(db(), salon, signedInAt);
    if (!signedIn.allowed) throw new Error("the sign-in was refused");
    await refundGuess(db(), salon, signedIn, signedInAt);

    const monthLater = signedInAt + KNOWN_ADDRESS_MS;
    const attackers = Array.from({ length: 8 }, (_, i) => signInGuess(email, `10.43.0.${i}`));
    expect(await wrongGuesses(attackers, monthLater - 2000)).toBe(8);
    // Typos at the salon while it is trusted: judged despite the account's gap.
    expect((await reserveGuess(db(), salon, monthLater - 2000)).allowed).toBe(true);
    expect((await reserveGuess(db(), salon, monthLater - 1000)).allowed).toBe(true);
    // Thirty days after the sign-in it is an address that has failed, like the attackers'.
    expect(await reserveGuess(db(), salon, monthLater)).toMatchObject({
      allowed: false,
      heldBy: "account",
      retryAfterSeconds: accountGapMs(10) / 1000 - 1,
    });
  });

  it("of guesses sent at once from addresses that have failed, one is judged; the others wait for the gap it opens", async () => {
    const email = "together@aurelia.test";
    const now = at("2026-11-26T11:00:00Z");
    const failed = Array.from({ length: FREE }, (_, i) => signInGuess(email, `10.44.0.${i}`));
    expect(await wrongGuesses(failed, now)).toBe(FREE);
    const outcomes = await Promise.all(failed.map((keys) => reserveGuess(db(), keys, now + accountGapMs(FREE))));
    expect(outcomes.filter(allowed)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.allowed).map((o) => o.retryAfterSeconds)).toEqual(
      Array(FREE - 1).fill(accountGapMs(FREE + 1) / 1000),
    );
  });

  it("a right password does not lift the gap another address's failure opened while it was checked", async () => {
    const email = "meanwhile@aurelia.test";
    const now = at("2026-11-26T12:00:00Z");
    const failedBefore = signInGuess(email, "10.45.0.1");
    for (let i = 0; i < FREE - 1; i++) await reserveGuess(db(), failedBefore, now);
    const owner = signInGuess(email, "198.51.100.45");
    const right = await reserveGuess(db(), owner, now);
    if (!right.allowed) throw new Error("the owner was refused");
    // Another address fails while the owner's password is being checked …
    expect((await reserveGuess(db(), signInGuess(email, "10.45.0.2"), now)).allowed).toBe(true);
    await refundGuess(db(), owner, right, now);
    // … so the gap its failure opened still holds back an address that has failed.
    expect(await reserveGuess(db(), failedBefore, now + 1000)).toMatchObject({ allowed: false, heldBy: "account" });
  });

  it("a right password at an address's tenth failure leaves that address free for other accounts", async () => {
    const now = at("2026-11-26T13:00:00Z");
    const office = "203.0.113.210";
    for (let i = 0; i < 2 * FREE - 1; i++) {
      expect((await reserveGuess(db(), signInGuess(`typo${i}@aurelia.test`, office), now)).allowed).toBe(true);
    }
    const keys = signInGuess("right@aurelia.test", office);
    const tenth = await reserveGuess(db(), keys, now);
    if (!tenth.allowed) throw new Error("the tenth guess was refused");
    await refundGuess(db(), keys, tenth, now);
    expect((await reserveGuess(db(), signInGuess("colleague@aurelia.test", office), now)).allowed).toBe(true);
  });

  it("a guess prunes the counts nobody has added to for a day, without waiting for a separate clean-up", async () => {
    // Far from every other test's clock: pruning runs at most every ten minutes.
    const now = at("2027-06-01T09:00:00Z");
    const stale = new Date(now - FORGET_AFTER_MS - 1).toISOString();
    await db()
      .insertInto("login_attempts")
      .values({ key: "account:stale@aurelia.test", failures: 3, locked_until: null, updated_at: stale })
      .execute();
    expect((await reserveGuess(db(), signInGuess("fresh@aurelia.test", "198.51.100.47"), now)).allowed).toBe(true);
    const keys = await db().selectFrom("login_attempts").select("key").where("key", "like", "account:stale%").execute();
    expect(keys).toEqual([]);
  });

  it("pruning keeps a count still within its day: the pair it locked stays locked", async () => {
    const keys = signInGuess("kept@aurelia.test", "198.51.100.46");
    const now = at("2026-11-26T14:00:00Z");
    for (let i = 0; i < FREE; i++) await reserveGuess(db(), keys, now);
    await pruneThrottle(db(), now + 10_000);
    expect(await reserveGuess(db(), keys, now + 10_000)).toMatchObject({ allowed: false, retryAfterSeconds: 20 });
  });
});
