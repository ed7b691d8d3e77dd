/**
 * Two-factor codes: the right code is accepted once, never again, and never an older one; an
 * authenticator app counts only once a code from it confirms it, and a new one replaces the old.
 */
import * as OTPAuth from "otpauth";
import { afterEach, describe, expect, it, vi } from "vitest";
import { upsertUser } from "~/server/auth/users.server";
import {
  acceptTotpCode,
  confirmEnrolment,
  currentTotpCode,
  pendingFactor,
  removeFactors,
  startEnrolment,
  verifiedFactor,
} from "~/server/auth/totp.server";
import { testDialect, useTestDatabase } from "../support/test-db";

describe(`two-factor codes (${testDialect})`, () => {
  const testDb = useTestDatabase();

  async function enrolledFactor(email: string) {
    const { db } = testDb();
    const { id } = await upsertUser(db, { email, password: "a-long-enough-password", role: "editor" });
    const { secret } = await startEnrolment(db, { userId: id, email });
    expect(await confirmEnrolment(db, id, currentTotpCode(secret))).toBe(true);
    return (await verifiedFactor(db, id))!;
  }

  const codeAt = (secret: string, timestamp: number) =>
    new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp });

  it("accepts the current code once; the same code again is refused", async () => {
    const factor = await enrolledFactor("replay@aurelia.test");
    const code = currentTotpCode(factor.secret);
    expect(await acceptTotpCode(testDb().db, factor, code)).toBe(true);
    expect(await acceptTotpCode(testDb().db, factor, code)).toBe(false);
  });

  it("after a code is used, an older one still inside the drift window is refused", async () => {
    const factor = await enrolledFactor("older@aurelia.test");
    const now = Date.now();
    const previous = codeAt(factor.secret, now - 30_000);
    expect(await acceptTotpCode(testDb().db, factor, currentTotpCode(factor.secret))).toBe(true);
    if (previous !== currentTotpCode(factor.secret)) {
      expect(await acceptTotpCode(testDb().db, factor, previous)).toBe(false);
    }
  });

  it("refuses wrong and malformed codes without recording anything", async () => {
    const factor = await enrolledFactor("wrong@aurelia.test");
    const right = currentTotpCode(factor.secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0");
    expect(await acceptTotpCode(testDb().db, factor, wrong)).toBe(false);
    expect(await acceptTotpCode(testDb().db, factor, "12ab56")).toBe(false);
    expect(await acceptTotpCode(testDb().db, factor, right)).toBe(true);
  });

  afterEach(() => vi.useRealTimers());

  it("accepts a code typed with spaces, and one from the step before (a phone's clock behind), then the current one", async () => {
    const factor = await enrolledFactor("drift@aurelia.test");
    vi.useFakeTimers({ toFake: ["Date"] });
    const now = Date.parse("2026-11-25T09:00:10Z");
    vi.setSystemTime(now);
    const [previous, current] = [codeAt(factor.secret, now - 30_000), codeAt(factor.secret, now)];
    expect(await acceptTotpCode(testDb().db, factor, ` ${previous.slice(0, 3)} ${previous.slice(3)} `)).toBe(true);
    expect(await acceptTotpCode(testDb().db, factor, current)).toBe(true);
    expect(await acceptTotpCode(testDb().db, factor, previous)).toBe(false);
  });

  it("an authenticator counts only once a code from it confirms it: a wrong code, or none started, confirms nothing", async () => {
    const { db } = testDb();
    const email = "enrol@aurelia.test";
    const { id } = await upsertUser(db, { email, password: "a-long-enough-password", role: "editor" });
    expect(await confirmEnrolment(db, id, "123456")).toBe(false);
    const { secret } = await startEnrolment(db, { userId: id, email });
    const wrong = String((Number(currentTotpCode(secret)) + 1) % 1_000_000).padStart(6, "0");
    expect(await confirmEnrolment(db, id, wrong)).toBe(false);
    expect(await verifiedFactor(db, id)).toBeUndefined();
    expect(await confirmEnrolment(db, id, currentTotpCode(secret))).toBe(true);
    expect((await verifiedFactor(db, id))?.secret).toBe(secret);
    expect(await pendingFactor(db, id)).toBeUndefined();
  });

  it("starting again replaces an unconfirmed app; a newly confirmed app replaces the old one, whose codes stop working", async () => {
    const { db } = testDb();
    const email = "new-phone@aurelia.test";
    const old = await enrolledFactor(email);
    const { id } = (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst())!;
    const abandoned = await startEnrolment(db, { userId: id, email });
    const { secret } = await startEnrolment(db, { userId: id, email });
    expect((await pendingFactor(db, id))?.secret).toBe(secret);
    // Until the new app is confirmed, the old one is still the one asked for.
    expect((await verifiedFactor(db, id))?.secret).toBe(old.secret);
    if (currentTotpCode(abandoned.secret) !== currentTotpCode(secret)) {
      expect(await confirmEnrolment(db, id, currentTotpCode(abandoned.secret))).toBe(false);
    }
    expect(await confirmEnrolment(db, id, currentTotpCode(secret))).toBe(true);
    const factor = (await verifiedFactor(db, id))!;
    expect(factor.secret).toBe(secret);
    if (currentTotpCode(old.secret) !== currentTotpCode(secret)) {
      expect(await acceptTotpCode(db, factor, currentTotpCode(old.secret))).toBe(false);
    }
    await removeFactors(db, id);
    expect(await verifiedFactor(db, id)).toBeUndefined();
  });
});
