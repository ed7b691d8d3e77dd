import { createHash, randomInt } from "node:crypto";
import { nowIso, type Db, type DbOrTx } from "../db/database.server";
import { acceptTotpCode, verifiedFactor } from "./totp.server";

/**
 * Recovery codes for two-factor sign-in: ten, shown once when two-factor is turned on (or the
 * codes are regenerated), each usable once instead of a code from the app. Only their SHA-256 is
 * kept; a code has 50 random bits and is guessed through the same throttle as an app's code.
 */
export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: a code copied from paper reads one way.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const CODE_LENGTH = 10;

/** A code as the user types it, in the form it was made: lower case, without spaces or dashes. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

function recoveryCodeHash(code: string): string {
  return createHash("sha256").update(normalizeRecoveryCode(code)).digest("hex");
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Replaces the user's recovery codes with ten new ones; returns them (to show once). */
export async function regenerateRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = nowIso();
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
    await tx
      .insertInto("recovery_codes")
      .values(
        codes.map((code) => ({ user_id: userId, code_hash: recoveryCodeHash(code), created_at: now, used_at: null })),
      )
      .execute();
  });
  return codes;
}

/** How many of the user's recovery codes are still unused. */
export async function recoveryCodesLeft(db: DbOrTx, userId: number): Promise<number> {
  const row = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Uses a recovery code: true once for each of the user's codes (marked used in the same statement). */
export async function useRecoveryCode(db: DbOrTx, userId: number, code: string): Promise<boolean> {
  const clean = normalizeRecoveryCode(code);
  if (clean.length !== CODE_LENGTH) return false;
  const result = await db
    .updateTable("recovery_codes")
    .set({ used_at: nowIso() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", recoveryCodeHash(clean))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function removeRecoveryCodes(db: DbOrTx, userId: number): Promise<void> {
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
}

/**
 * A second factor given as one field: six digits are a code from the app, anything else is tried
 * as a recovery code. Says which was accepted, or null.
 */
export async function acceptSecondFactor(db: Db, userId: number, code: string): Promise<"app" | "recovery" | null> {
  if (/^\d{6}$/.test(code.replace(/\s/g, ""))) {
    const factor = await verifiedFactor(db, userId);
    return factor && (await acceptTotpCode(db, factor, code)) ? "app" : null;
  }
  return (await useRecoveryCode(db, userId, code)) ? "recovery" : null;
}
