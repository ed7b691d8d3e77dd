import { audit } from "~/server/audit/audit.server";
import { upgradeSessionToAal2 } from "~/server/auth/session.server";
import { codeGuess, refundGuess, reserveGuess } from "~/server/auth/throttle.server";
import {
  acceptTotpCode,
  confirmEnrolment,
  removeFactors,
  startEnrolment,
  verifiedFactor,
} from "~/server/auth/totp.server";
import { done, refused, throttled, type SettingsHandler } from "./reply.server";

/** Two-factor sign-in for the signed-in person: enrol an authenticator app, confirm it, turn it off. */

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
  await audit(db, actor, "turned on two-factor authentication", "My account");
  return done(intent, "Two-factor authentication is on");
};

export const disableTwoFactor: SettingsHandler = async ({ services: { db }, user, actor, intent, clientIp, text }) => {
  const factor = await verifiedFactor(db, user.userId);
  // The same count as the code at sign-in: turning two-factor off is no second way to guess.
  const guess = codeGuess(user.userId, clientIp);
  const reservation = await reserveGuess(db, guess);
  if (!reservation.allowed) return throttled(intent, reservation.retryAfterSeconds, "code");
  if (factor && !(await acceptTotpCode(db, factor, text("code")))) {
    return {
      status: 400,
      reply: refused(intent, "Enter a current code to turn two-factor authentication off.", { code: ["Invalid code"] }),
    };
  }
  await refundGuess(db, guess, reservation);
  await removeFactors(db, user.userId);
  await audit(db, actor, "turned off two-factor authentication", "My account");
  return done(intent, "Two-factor authentication is off");
};
