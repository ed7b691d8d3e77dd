/**
 * What an account's owner is told about failed sign-ins: each wrong password or code is recorded
 * (time, address, browser shortened), counted since the sign-in before the current one, listed a
 * page at a time newest first, and kept bounded (30 days, at most 1,000 per account).
 */
import { describe, expect, it } from "vitest";
import {
  FAILED_SIGN_INS_PAGE_SIZE,
  failedSignIns,
  failedSinceLastSignIn,
  recordFailedSignIn,
  recordSignIn,
} from "~/server/auth/sign-in-history.server";
import { upsertUser } from "~/server/auth/users.server";
import { testDialect, useTestDatabase } from "../support/test-db";

const DAY = 24 * 60 * 60 * 1000;

describe(`failed sign-ins shown to the owner (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const db = () => testDb().db;
  const newUser = async (email: string) =>
    (await upsertUser(db(), { email, password: "a-long-enough-password", role: "admin" })).id;

  it("counts the failures since the sign-in before the current one", async () => {
    const userId = await newUser("count@aurelia.test");
    const t = Date.parse("2026-11-20T09:00:00Z");
    const fail = (offset: number, ip = "203.0.113.5") =>
      recordFailedSignIn(db(), { userId, step: "password", ip, userAgent: "curl/8" }, t + offset);

    await fail(0);
    // Never signed in: everything kept counts.
    expect(await failedSinceLastSignIn(db(), userId)).toEqual({ count: 1, previousSignInAt: null });
    await recordSignIn(db(), userId, t + 1000);
    await fail(2000);
    await fail(3000, "203.0.113.6");
    await recordSignIn(db(), userId, t + 4000);
    // Signed in twice: the two failures between the sign-ins, shown after the second.
    expect(await failedSinceLastSignIn(db(), userId)).toEqual({
      count: 2,
      previousSignInAt: new Date(t + 1000).toISOString(),
    });
    await recordSignIn(db(), userId, t + 5000);
    expect((await failedSinceLastSignIn(db(), userId)).count).toBe(0);
  });

  it("lists a page at a time, newest first, with the browser shortened; a page past the end shows the last", async () => {
    const userId = await newUser("pages@aurelia.test");
    const t = Date.parse("2026-11-21T09:00:00Z");
    const total = FAILED_SIGN_INS_PAGE_SIZE + 3;
    for (let i = 0; i < total; i++) {
      await recordFailedSignIn(
        db(),
        { userId, step: i % 2 ? "code" : "password", ip: `203.0.113.${i}`, userAgent: "B".repeat(500) },
        t + i * 1000,
      );
    }
    const first = await failedSignIns(db(), userId, 1);
    expect(first).toMatchObject({ total, page: 1, pageCount: 2, sinceLastSignIn: total });
    expect(first.rows).toHaveLength(FAILED_SIGN_INS_PAGE_SIZE);
    expect(first.rows[0]).toMatchObject({ ip: `203.0.113.${total - 1}`, step: "password", userAgent: "B".repeat(120) });
    const last = await failedSignIns(db(), userId, 99);
    expect(last.page).toBe(2);
    expect(last.rows.map((r) => r.ip)).toEqual(["203.0.113.2", "203.0.113.1", "203.0.113.0"]);
    // Another account's list is its own.
    expect((await failedSignIns(db(), await newUser("quiet@aurelia.test"))).total).toBe(0);
  });

  it("keeps 30 days and at most 1,000 per account", async () => {
    const userId = await newUser("bounded@aurelia.test");
    const t = Date.parse("2026-10-01T00:00:00Z");
    await recordFailedSignIn(db(), { userId, step: "password", ip: "203.0.113.1", userAgent: null }, t);
    const later = t + 31 * DAY;
    const rows = Array.from({ length: 1005 }, (_, i) => ({
      user_id: userId,
      step: "password" as const,
      ip: "203.0.113.2",
      user_agent: null,
      created_at: new Date(later + i).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 250)
      await db()
        .insertInto("failed_sign_ins")
        .values(rows.slice(i, i + 250))
        .execute();
    await recordFailedSignIn(db(), { userId, step: "code", ip: "203.0.113.3", userAgent: null }, later + 2000);
    const kept = await db()
      .selectFrom("failed_sign_ins")
      .select(["ip", "created_at"])
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute();
    expect(kept).toHaveLength(1000);
    expect(kept.some((r) => r.ip === "203.0.113.1")).toBe(false);
    expect(kept.at(-1)?.ip).toBe("203.0.113.3");
  });
});
