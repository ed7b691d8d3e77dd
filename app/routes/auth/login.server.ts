import { z } from "zod";
import type { AppServices } from "~/server/app-services";
import { audit } from "~/server/audit/audit.server";
import { hashPassword, verifyPassword } from "~/server/auth/password.server";
import { createSession } from "~/server/auth/session.server";
import { recordFailedSignIn, recordSignIn } from "~/server/auth/sign-in-history.server";
import { hasVerifiedFactor } from "~/server/auth/totp.server";
import { refundGuess, reserveGuess, signInGuess, waitText } from "~/server/auth/throttle.server";
import { findUserByEmail } from "~/server/auth/users.server";

export const LoginSchema = z.object({
  // Any address an account can have, admin@localhost (the default first admin) included: signing
  // in checks the account, not the address's form.
  email: z
    .string()
    .trim()
    .min(1, "Email is required")
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+$/, "Enter a valid email address"),
  password: z.string().min(1, "Password is required").max(1000),
});

export const INVALID_CREDENTIALS = "Invalid email or password";
export const NO_ADMIN_ACCESS = "You don't have admin access";

export function throttledMessage(seconds: number): string {
  return `Too many failed sign-in attempts. Please wait ${waitText(seconds)} before trying again.`;
}

// Hashing a password for an unknown e-mail too makes both answers take the same time.
let dummyHash: Promise<string> | undefined;

export type LoginResult =
  | { ok: true; token: string; needsSecondFactor: boolean }
  | { ok: false; message: string; status: 400 | 403 | 429; retryAfterSeconds?: number };

/**
 * Checks the throttle, the password and the role; on success starts a new session. A wrong
 * password for an existing account is recorded for its owner to see.
 */
export async function attemptLogin(
  services: AppServices,
  input: { email: string; password: string; ip: string; userAgent: string | null },
): Promise<LoginResult> {
  const { db, logger } = services;
  const guess = signInGuess(input.email, input.ip);
  // Counted before the slow hash: attempts sent at once cannot all get past the throttle, and a
  // refused one costs no hash.
  const reservation = await reserveGuess(db, guess);
  if (!reservation.allowed) {
    const wait = reservation.retryAfterSeconds;
    logger.warn({ email: input.email, ip: input.ip, wait, heldBy: reservation.heldBy }, "sign-in refused: throttled");
    return { ok: false, status: 429, message: throttledMessage(wait), retryAfterSeconds: wait };
  }
  const user = await findUserByEmail(db, input.email);
  dummyHash ??= hashPassword("not-a-real-password");
  const valid = user
    ? await verifyPassword(user.password_hash, input.password)
    : (await verifyPassword(await dummyHash, input.password + "x"), false);
  if (!user || !valid) {
    logger.warn({ email: input.email, ip: input.ip }, "sign-in failed: wrong credentials");
    if (user) {
      await recordFailedSignIn(db, { userId: user.id, step: "password", ip: input.ip, userAgent: input.userAgent });
    }
    return { ok: false, status: 400, message: INVALID_CREDENTIALS };
  }
  await refundGuess(db, guess, reservation);
  if (user.role !== "admin" && user.role !== "editor") {
    logger.warn({ email: user.email }, "sign-in refused: no admin role");
    return { ok: false, status: 403, message: NO_ADMIN_ACCESS };
  }
  const needsSecondFactor = await hasVerifiedFactor(db, user.id);
  const token = await createSession(db, { userId: user.id, aal: "aal1", userAgent: input.userAgent, ip: input.ip });
  // With two-factor, the sign-in is complete only once the code is given (verify.tsx).
  if (!needsSecondFactor) await recordSignIn(db, user.id);
  await audit(db, { userId: user.id, email: user.email }, "signed in");
  return { ok: true, token, needsSecondFactor };
}
