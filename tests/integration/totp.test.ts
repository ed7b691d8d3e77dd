/** Two-factor codes: the right code is accepted once, never again, and never an older one. */
import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { upsertUser } from "~/server/auth/users.server";
import {
  acceptTotpCode,
  confirmEnrolment,
  currentTotpCode,
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
});
