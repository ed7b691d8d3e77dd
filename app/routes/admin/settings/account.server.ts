import { z } from "zod";
import type { FieldErrors } from "~/lib/forms/field-errors";
import { audit } from "~/server/audit/audit.server";
import { verifyPassword } from "~/server/auth/password.server";
import { signOut } from "~/server/auth/session.server";
import { passwordChangeGuess, refundGuess, reserveGuess } from "~/server/auth/throttle.server";
import { MIN_PASSWORD_LENGTH, setPassword } from "~/server/auth/users.server";
import { done, refused, throttled, type SettingsHandler } from "./reply.server";

/** The signed-in person's own account: their password and their other sessions. */

const passwordField = z.string().min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`).max(200);

export const changePassword: SettingsHandler = async ({ services: { db }, user, actor, intent, clientIp, text }) => {
  const row = await db
    .selectFrom("users")
    .select("password_hash")
    .where("id", "=", user.userId)
    .executeTakeFirstOrThrow();
  const errors: FieldErrors = {};
  // The same throttle as signing in: a stolen session cannot try passwords without limit.
  const guess = passwordChangeGuess(user.userId, clientIp);
  const reservation = await reserveGuess(db, guess);
  if (!reservation.allowed) return throttled(intent, reservation.retryAfterSeconds, "currentPassword");
  if (!(await verifyPassword(row.password_hash, text("currentPassword"))))
    errors.currentPassword = ["The current password is not right"];
  else await refundGuess(db, guess, reservation);
  const next = passwordField.safeParse(text("newPassword"));
  if (!next.success) errors.newPassword = [next.error.issues[0].message];
  else if (text("newPassword") !== text("confirmPassword")) errors.confirmPassword = ["The passwords do not match"];
  if (Object.keys(errors).length)
    return { status: 400, reply: refused(intent, "The password was not changed.", errors) };
  await setPassword(db, user.userId, text("newPassword"));
  // A new password ends every other session: whoever knew the old one is signed out.
  await signOut(db, user, "others");
  await audit(db, actor, "changed their password", "My account");
  return done(intent, "Password changed. Your other sessions were signed out.");
};

export const signOutOthers: SettingsHandler = async ({ services: { db }, user, actor, intent }) => {
  await signOut(db, user, "others");
  await audit(db, actor, "signed out their other sessions", "My account");
  return done(intent, "Your other sessions were signed out");
};
