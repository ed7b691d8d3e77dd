import { z } from "zod";
import { PROFILE_KEYS, ProfileSchema } from "~/lib/business-profile";
import { isTimeZone } from "~/lib/dates";
import type { AppServices } from "~/server/app-services";
import { audit } from "~/server/audit/audit.server";
import { verifyPassword } from "~/server/auth/password.server";
import { codeGuess, passwordChangeGuess, refundGuess, reserveGuess, waitText } from "~/server/auth/throttle.server";
import { signOut, upgradeSessionToAal2, type SessionUser } from "~/server/auth/session.server";
import {
  confirmEnrolment,
  removeFactors,
  startEnrolment,
  acceptTotpCode,
  verifiedFactor,
} from "~/server/auth/totp.server";
import {
  changeRole,
  findUserByEmail,
  generatePassword,
  isRole,
  LastAdminError,
  MIN_PASSWORD_LENGTH,
  removeUser,
  setPassword,
  upsertUser,
} from "~/server/auth/users.server";

export type SettingsReply = {
  intent: string;
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string[]>;
  /** A generated password, shown once after creating a user. */
  password?: string;
  /** Enrolment details while adding an authenticator app. */
  enrolment?: { secret: string; qrSvg: string };
};

export { PROFILE_KEYS };

const NotificationSchema = z.object({
  notifyEmail: z
    .string()
    .trim()
    .refine((v) => v === "" || z.email().safeParse(v).success, "Enter a valid email address, or leave it empty"),
  confirmationEmails: z.boolean(),
});

const passwordField = z.string().min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`).max(200);

function fieldErrors(error: z.ZodError) {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) (out[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
  return out;
}

const refused = (intent: string, message: string, errors?: Record<string, string[]>): SettingsReply => ({
  intent,
  ok: false,
  message,
  fieldErrors: errors,
});

function throttled(intent: string, seconds: number, field: string) {
  const message = `Too many wrong attempts. Please wait ${waitText(seconds)} before trying again.`;
  return { status: 429, retryAfterSeconds: seconds, reply: refused(intent, message, { [field]: [message] }) };
}

/**
 * One handler per settings form (the form's `intent`). Admin-only intents check the role here.
 * `clientIp` is the request's address, for the throttle of password and code checks.
 */
export async function handleSettingsAction(
  services: AppServices,
  user: SessionUser,
  form: FormData,
  clientIp: string,
): Promise<{ status: number; reply: SettingsReply; retryAfterSeconds?: number }> {
  const { db, content } = services;
  const intent = String(form.get("intent") ?? "");
  const actor = { userId: user.userId, email: user.email };
  const adminOnly = ["notifications", "time-zone", "create-user", "change-role", "remove-user"];
  if (adminOnly.includes(intent) && user.role !== "admin") {
    return { status: 403, reply: refused(intent, "Only an admin can do this.") };
  }
  const text = (name: string) => String(form.get(name) ?? "");

  switch (intent) {
    case "profile": {
      const parsed = ProfileSchema.safeParse(Object.fromEntries(PROFILE_KEYS.map((k) => [k, text(k)])));
      if (!parsed.success)
        return {
          status: 400,
          reply: refused(intent, "Please correct the highlighted fields.", fieldErrors(parsed.error)),
        };
      await content.save("contact", parsed.data, user.userId);
      await audit(db, actor, "updated the business profile", "Settings");
      return { status: 200, reply: { intent, ok: true, message: "Business profile updated successfully" } };
    }
    case "notifications": {
      const parsed = NotificationSchema.safeParse({
        notifyEmail: text("notifyEmail"),
        confirmationEmails: form.get("confirmationEmails") === "on",
      });
      if (!parsed.success)
        return {
          status: 400,
          reply: refused(intent, "Please correct the highlighted fields.", fieldErrors(parsed.error)),
        };
      await content.saveSettings(parsed.data, user.userId);
      await audit(db, actor, "updated notification settings", "Settings");
      return { status: 200, reply: { intent, ok: true, message: "Notification settings updated successfully" } };
    }
    case "time-zone": {
      const timeZone = text("timeZone").trim();
      if (!isTimeZone(timeZone))
        return {
          status: 400,
          reply: refused(intent, "Please correct the highlighted fields.", {
            timeZone: ["Choose a time zone from the list"],
          }),
        };
      await content.saveSettings({ timeZone }, user.userId);
      await audit(db, actor, `set the time zone to ${timeZone}`, "Settings");
      return { status: 200, reply: { intent, ok: true, message: "Time zone updated successfully" } };
    }
    case "create-user": {
      const email = text("email").trim().toLowerCase();
      const role = text("role");
      const errors: Record<string, string[]> = {};
      if (!z.email().safeParse(email).success) errors.email = ["Enter a valid email address"];
      if (!isRole(role)) errors.role = ["Choose admin or editor"];
      const given = text("password");
      if (given && given.length < MIN_PASSWORD_LENGTH)
        errors.password = [`Use at least ${MIN_PASSWORD_LENGTH} characters`];
      if (Object.keys(errors).length)
        return { status: 400, reply: refused(intent, "Please correct the highlighted fields.", errors) };
      if (await findUserByEmail(db, email)) {
        return {
          status: 400,
          reply: refused(intent, "A user with this email already exists.", { email: ["Already a user"] }),
        };
      }
      const password = given || generatePassword();
      await upsertUser(db, { email, password, role: role as "admin" | "editor" });
      await audit(db, actor, `created user ${email} (${role})`, "Users");
      return {
        status: 200,
        reply: { intent, ok: true, message: `User ${email} created`, password: given ? undefined : password },
      };
    }
    case "change-role":
    case "remove-user": {
      const userId = Number(text("userId"));
      const target = await db.selectFrom("users").select(["id", "email"]).where("id", "=", userId).executeTakeFirst();
      if (!target) return { status: 404, reply: refused(intent, "No such user.") };
      try {
        if (intent === "remove-user") {
          await removeUser(db, target.id);
          await audit(db, actor, `removed user ${target.email}`, "Users");
          return { status: 200, reply: { intent, ok: true, message: `User ${target.email} removed` } };
        }
        const role = text("role");
        if (role !== "none" && !isRole(role))
          return { status: 400, reply: refused(intent, "Choose admin, editor or no access.") };
        await changeRole(db, target.id, role === "none" ? null : role);
        await audit(db, actor, `changed the role of ${target.email} to ${role}`, "Users");
        return {
          status: 200,
          reply: { intent, ok: true, message: `${target.email} is now ${role === "none" ? "without access" : role}` },
        };
      } catch (error) {
        if (error instanceof LastAdminError) return { status: 400, reply: refused(intent, error.message) };
        throw error;
      }
    }
    case "change-password": {
      const row = await db
        .selectFrom("users")
        .select("password_hash")
        .where("id", "=", user.userId)
        .executeTakeFirstOrThrow();
      const errors: Record<string, string[]> = {};
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
      return {
        status: 200,
        reply: { intent, ok: true, message: "Password changed. Your other sessions were signed out." },
      };
    }
    case "start-2fa": {
      const details = await startEnrolment(db, actor as { userId: number; email: string });
      return {
        status: 200,
        reply: { intent, ok: true, message: "Scan the code with your authenticator app", enrolment: details },
      };
    }
    case "confirm-2fa": {
      if (!(await confirmEnrolment(db, user.userId, text("code")))) {
        return {
          status: 400,
          reply: refused(intent, "That code is not valid. Try the current code.", { code: ["Invalid code"] }),
        };
      }
      // This session just proved the factor: it stays signed in at aal2 (other sessions are asked).
      await upgradeSessionToAal2(db, user.sessionId);
      await audit(db, actor, "turned on two-factor authentication", "My account");
      return { status: 200, reply: { intent, ok: true, message: "Two-factor authentication is on" } };
    }
    case "disable-2fa": {
      const factor = await verifiedFactor(db, user.userId);
      // The same count as the code at sign-in: turning two-factor off is no second way to guess.
      const guess = codeGuess(user.userId, clientIp);
      const reservation = await reserveGuess(db, guess);
      if (!reservation.allowed) return throttled(intent, reservation.retryAfterSeconds, "code");
      if (factor && !(await acceptTotpCode(db, factor, text("code")))) {
        return {
          status: 400,
          reply: refused(intent, "Enter a current code to turn two-factor authentication off.", {
            code: ["Invalid code"],
          }),
        };
      }
      await refundGuess(db, guess, reservation);
      await removeFactors(db, user.userId);
      await audit(db, actor, "turned off two-factor authentication", "My account");
      return { status: 200, reply: { intent, ok: true, message: "Two-factor authentication is off" } };
    }
    case "sign-out-others": {
      await signOut(db, user, "others");
      await audit(db, actor, "signed out their other sessions", "My account");
      return { status: 200, reply: { intent, ok: true, message: "Your other sessions were signed out" } };
    }
    default:
      return { status: 400, reply: refused(intent, "Unknown action.") };
  }
}
