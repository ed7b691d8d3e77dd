import * as OTPAuth from "otpauth";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentTotpCode, enrolmentDetails, verifyTotpCode } from "./totp.server";

const SECRET = new OTPAuth.Secret({ size: 20 }).base32;
const NOW = Date.parse("2026-11-25T09:00:10Z");
const codeAt = (timestamp: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(SECRET), digits: 6, period: 30 }).generate({ timestamp });

describe("two-factor codes", () => {
  afterEach(() => vi.useRealTimers());

  it("accepts the current code, typed with spaces too, and one step of clock drift either way, no more", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    const code = currentTotpCode(SECRET);
    expect(code).toBe(codeAt(NOW));
    expect(verifyTotpCode(SECRET, code)).toBe(true);
    expect(verifyTotpCode(SECRET, ` ${code.slice(0, 3)} ${code.slice(3)} `)).toBe(true);
    expect(verifyTotpCode(SECRET, codeAt(NOW - 30_000))).toBe(true);
    expect(verifyTotpCode(SECRET, codeAt(NOW + 30_000))).toBe(true);
    for (const far of [codeAt(NOW - 60_000), codeAt(NOW + 60_000)]) {
      if (![codeAt(NOW - 30_000), code, codeAt(NOW + 30_000)].includes(far))
        expect(verifyTotpCode(SECRET, far)).toBe(false);
    }
  });

  it("refuses anything but six digits", () => {
    const code = currentTotpCode(SECRET);
    for (const wrong of ["", "12345", `${code}0`, code.replace(/\d$/, "x"), "abcdef"]) {
      expect(verifyTotpCode(SECRET, wrong), wrong).toBe(false);
    }
  });

  it("enrolment gives the authenticator app the salon's name, the e-mail, SHA-1, 6 digits, 30 s, and a QR code of it", async () => {
    const { secret, uri, qrSvg } = await enrolmentDetails(SECRET, "ada@aurelia.test");
    expect(secret).toBe(SECRET);
    const totp = OTPAuth.URI.parse(uri) as OTPAuth.TOTP;
    expect(totp).toBeInstanceOf(OTPAuth.TOTP);
    expect({
      issuer: totp.issuer,
      label: totp.label,
      algorithm: totp.algorithm,
      digits: totp.digits,
      period: totp.period,
      secret: totp.secret.base32,
    }).toEqual({
      issuer: "Salon Admin",
      label: "ada@aurelia.test",
      algorithm: "SHA1",
      digits: 6,
      period: 30,
      secret: SECRET,
    });
    expect(qrSvg).toMatch(/^<svg [^>]*>.*<\/svg>\s*$/s);
  });
});
