import { audit } from "~/server/audit/audit.server";
import { verifyPassword } from "~/server/auth/password.server";
import { acceptSecondFactor, regenerateRecoveryCodes, removeRecoveryCodes } from "~/server/auth/recovery-codes.server";
import { upgradeSessionToAal2 } from "~/server/auth/session.server";
import { codeGuess, passwordChangeGuess, refundGuess, reserveGuess } from "~/server/auth/throttle.server";
import { confirmEnrolment, removeFactors, startEnrolment, verifiedFactor } from "~/server/auth/totp.server";
import { done, refused, throttled, type SettingsHandler } from "./reply.server";

/**
 * Two-factor sign-in for the signed-in person: enrol an authenticator app, confirm it (which
 * shows the recovery codes once), regenerate the recovery codes, turn it off.
 */

export const startTwoFactor: SettingsHandler = async ({ services: { db }, actor, intent }) =>
  done(intent, "Scan the code with your authenticator app", { enrolment: await startEnrolment(db, actor) });

export const confirmTwoFactor: SettingsHandler = async ({ services: { db }, user, actor, intent, text }) => {
  if (!(await confirmEnrolment(db, user.userId, text("code")))) {
    return {
      status: 400,
      reply: refused(intent, "That code is not valid. Try the current code.", { code: ["Invalid code"] }),
    };
  }
  // This session just proved the factor: it stays signed in at aal2 (other sessions are asked).
  await upgradeSessionToAal2(db, user.sessionId);
  const recoveryCodes = await regenerateRecoveryCodes(db, user.userId);
  await audit(db, actor, "turned on two-factor authentication", "My account");
  return done(intent, "Two-factor authentication is on", { recoveryCodes });
};

export const disableTwoFactor: SettingsHandler = async ({ services: { db }, user, actor, intent, clientIp, text }) => {
  const factor = await verifiedFactor(db, user.userId);
  // The same count as the code at sign-in: turning two-factor off is no second way to guess.
  const guess = codeGuess(user.userId, clientIp);
  const reservation = await reserveGuess(db, guess);
  if (!reservation.allowed) return throttled(intent, reservation.retryAfterSeconds, "code");
  if (factor && !(await acceptSecondFactor(db, user.userId, text("code")))) {
    return {
      status: 400,
      reply: refused(intent, "Enter a current code or a recovery code to turn two-factor authentication off.", {
        code: ["Invalid code"],
      }),
    };
  }
  await refundGuess(db, guess, reservation);
  await removeFactors(db, user.userId);
  await removeRecoveryCodes(db, user.userId);
  await audit(db, actor, "turned off two-factor authentication", "My account");
  return done(intent, "Two-factor authentication is off");
};

/**
 * New recovery codes replace the old ones, after the person proves it is them: their password or
 * a current code (each through its throttle, like everywhere else they are checked).
 */
export const regenerateCodes: SettingsHandler = async ({ services: { db }, user, actor, intent, clientIp, text }) => {
  const secret = text("confirmation").trim();
  const byCode = /^\d{6}$/.test(secret.replace(/\s/g, ""));
  const guess = byCode ? codeGuess(user.userId, clientIp) : passwordChangeGuess(user.userId, clientIp);
  const reservation = await reserveGuess(db, guess);
  if (!reservation.allowed) return throttled(intent, reservation.retryAfterSeconds, "confirmation");
  const proven = byCode
    ? (await acceptSecondFactor(db, user.userId, secret)) === "app"
    : await verifyPassword(
        (await db.selectFrom("users").select("password_hash").where("id", "=", user.userId).executeTakeFirstOrThrow())
          .password_hash,
        text("confirmation"),
      );
  if (!proven) {
    return {
      status: 400,
      reply: refused(intent, "The recovery codes were not changed.", {
        confirmation: ["Enter your password or a current code from your app"],
      }),
    };
  }
  await refundGuess(db, guess, reservation);
  if (!(await verifiedFactor(db, user.userId))) {
    return { status: 400, reply: refused(intent, "Turn on two-factor authentication first.") };
  }
  const recoveryCodes = await regenerateRecoveryCodes(db, user.userId);
  await audit(db, actor, "made new recovery codes", "My account");
  return done(intent, "New recovery codes made. The old ones no longer work.", { recoveryCodes });
};
