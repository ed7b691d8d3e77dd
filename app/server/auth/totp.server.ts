import * as OTPAuth from "otpauth";
import { nowIso, type Db } from "../db/database.server";

/**
 * Two-factor authentication with an authenticator app (TOTP, RFC 6238: 6 digits, 30 s). A factor
 * is "unverified" until the user proves it with a code; only verified factors are demanded at sign-in.
 */
const ISSUER = "Salon Admin";

function totpFor(secret: string, email: string) {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** Checks a code against a secret, allowing one step of clock drift either way. */
export function verifyTotpCode(secret: string, code: string): boolean {
  const clean = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(clean)) return false;
  return totpFor(secret, "x").validate({ token: clean, window: 1 }) !== null;
}

/**
 * A sign-in (or turning 2FA off) with a code: accepted once. The step the code belongs to is
 * recorded in the same statement that checks it is newer than the last one used, so a code seen
 * over a shoulder or phished cannot be replayed within its window, on any instance.
 */
export async function acceptTotpCode(db: Db, factor: { id: number; secret: string }, code: string): Promise<boolean> {
  const clean = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(clean)) return false;
  const totp = totpFor(factor.secret, "x");
  const delta = totp.validate({ token: clean, window: 1 });
  if (delta === null) return false;
  const step = totp.counter() + delta;
  const result = await db
    .updateTable("totp_factors")
    .set({ last_used_step: step })
    .where("id", "=", factor.id)
    .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The current code of a secret (for tests and for nothing else). */
export function currentTotpCode(secret: string): string {
  return totpFor(secret, "x").generate();
}

/** Starts enrolment: a fresh unverified factor replacing any earlier unverified one. */
export async function startEnrolment(db: Db, user: { userId: number; email: string }) {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("totp_factors").where("user_id", "=", user.userId).where("status", "=", "unverified").execute();
    await tx
      .insertInto("totp_factors")
      .values({ user_id: user.userId, secret, status: "unverified", created_at: nowIso(), verified_at: null })
      .execute();
  });
  return enrolmentDetails(secret, user.email);
}

export async function enrolmentDetails(secret: string, email: string) {
  const uri = totpFor(secret, email).toString();
  // qrcode is loaded when someone turns on two-factor, not at every start.
  const { default: QRCode } = await import("qrcode");
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, uri, qrSvg };
}

export async function pendingFactor(db: Db, userId: number) {
  return db
    .selectFrom("totp_factors")
    .select(["id", "secret"])
    .where("user_id", "=", userId)
    .where("status", "=", "unverified")
    .executeTakeFirst();
}

export async function verifiedFactor(db: Db, userId: number) {
  return db
    .selectFrom("totp_factors")
    .select(["id", "secret", "verified_at"])
    .where("user_id", "=", userId)
    .where("status", "=", "verified")
    .executeTakeFirst();
}

/** Whether the user has finished enrolling an authenticator: then every sign-in needs its code. */
export async function hasVerifiedFactor(db: Db, userId: number): Promise<boolean> {
  const factor = await db
    .selectFrom("totp_factors")
    .select("id")
    .where("user_id", "=", userId)
    .where("status", "=", "verified")
    .executeTakeFirst();
  return factor !== undefined;
}

/** Finishes enrolment when the code matches; the user then needs the code at every sign-in. */
export async function confirmEnrolment(db: Db, userId: number, code: string): Promise<boolean> {
  const factor = await pendingFactor(db, userId);
  if (!factor || !verifyTotpCode(factor.secret, code)) return false;
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("totp_factors").where("user_id", "=", userId).where("status", "=", "verified").execute();
    await tx
      .updateTable("totp_factors")
      .set({ status: "verified", verified_at: nowIso() })
      .where("id", "=", factor.id)
      .execute();
  });
  return true;
}

export async function removeFactors(db: Db, userId: number): Promise<void> {
  await db.deleteFrom("totp_factors").where("user_id", "=", userId).execute();
}
