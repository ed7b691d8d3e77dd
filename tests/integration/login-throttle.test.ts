/**
 * The sign-in throttle under concurrency: an attempt is counted before its password check, in one
 * transaction that decides whether it may go ahead, so attempts sent at once — to one server or
 * to two on one database — get past it only as often as the free failures allow.
 */
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/database.server";
import { lockDelayMs, refundAttempt, reserveAttempt, throttleKeys } from "~/server/auth/throttle.server";
import { testDialect, useTestDatabase } from "../support/test-db";

const FREE = 5;

describe(`sign-in throttle (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const others: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const handle of others) await handle.close();
  });

  it("counts from five free failures, then locks for a doubling delay", () => {
    // The test's own expectations assume the default of five free failures.
    expect(lockDelayMs(FREE - 1)).toBe(0);
    expect(lockDelayMs(FREE)).toBe(30_000);
    expect(lockDelayMs(FREE + 1)).toBe(60_000);
    expect(lockDelayMs(FREE + 20)).toBe(3_600_000);
  });

  it("of 100 attempts at once for one account, five go ahead; the others are told how long to wait", async () => {
    const keys = throttleKeys("owner@aurelia.test", "198.51.100.7");
    const now = Date.parse("2026-11-25T10:00:00Z");
    const outcomes = await Promise.all(Array.from({ length: 100 }, () => reserveAttempt(testDb().db, keys, now)));
    expect(outcomes.filter((o) => o.lockedForSeconds === 0)).toHaveLength(FREE);
    expect(new Set(outcomes.filter((o) => o.lockedForSeconds > 0).map((o) => o.lockedForSeconds))).toEqual(
      new Set([30]),
    );
  });

  it("two server instances on one database share the count", async () => {
    const second = openDatabase({ databaseUrl: testDb().url, dataDir: testDb().dataDir });
    others.push(second);
    const keys = throttleKeys("editor@aurelia.test", "198.51.100.8");
    const now = Date.parse("2026-11-25T11:00:00Z");
    const dbs = [testDb().db, second.db];
    const outcomes = await Promise.all(Array.from({ length: 60 }, (_, i) => reserveAttempt(dbs[i % 2], keys, now)));
    expect(outcomes.filter((o) => o.lockedForSeconds === 0)).toHaveLength(FREE);
  });

  it("a right password gives its attempt back: the account starts afresh, the address is not locked", async () => {
    const keys = throttleKeys("front@aurelia.test", "198.51.100.9");
    const [account, address] = keys;
    const now = Date.parse("2026-11-25T12:00:00Z");
    for (let i = 0; i < FREE - 1; i++) expect((await reserveAttempt(testDb().db, keys, now)).lockedForSeconds).toBe(0);
    // The fifth attempt is counted first, which locks both keys while its password is checked …
    const fifth = await reserveAttempt(testDb().db, keys, now);
    expect(fifth.lockedForSeconds).toBe(0);
    expect((await reserveAttempt(testDb().db, keys, now)).lockedForSeconds).toBe(30);
    // … and the password was right: nothing stays locked, the address keeps its four failures.
    await refundAttempt(testDb().db, keys, fifth);
    const rows = await testDb()
      .db.selectFrom("login_attempts")
      .select(["key", "failures", "locked_until"])
      .where("key", "in", keys)
      .execute();
    expect(rows).toEqual([{ key: address, failures: FREE - 1, locked_until: null }]);
    expect(rows.find((r) => r.key === account)).toBeUndefined();
    expect((await reserveAttempt(testDb().db, keys, now)).lockedForSeconds).toBe(0);
  });

  it("a lock runs out: after its delay the next attempt goes ahead", async () => {
    const keys = throttleKeys("late@aurelia.test", "198.51.100.10");
    const now = Date.parse("2026-11-25T13:00:00Z");
    for (let i = 0; i < FREE; i++) await reserveAttempt(testDb().db, keys, now);
    expect((await reserveAttempt(testDb().db, keys, now + 29_000)).lockedForSeconds).toBe(1);
    const later = await reserveAttempt(testDb().db, keys, now + 30_000);
    expect(later.lockedForSeconds).toBe(0);
    // The sixth failure doubles the delay.
    expect((await reserveAttempt(testDb().db, keys, now + 30_000)).lockedForSeconds).toBe(60);
  });
});
