import { z } from "zod";
import type { FieldErrors } from "~/lib/forms/field-errors";
import type { AppServices } from "~/server/app-services";
import { audit } from "~/server/audit/audit.server";
import { linkRefusalMessage, usePasswordLink, type LinkCheck } from "~/server/auth/password-links.server";
import { tooManyFromClient } from "~/server/auth/password-mail.server";
import { createSession } from "~/server/auth/session.server";
import { recordSignIn } from "~/server/auth/sign-in-history.server";
import { hasVerifiedFactor } from "~/server/auth/totp.server";
import { findUserByEmail, MIN_PASSWORD_LENGTH } from "~/server/auth/users.server";
import { countedAddress } from "~/server/http/client-address.server";

const PasswordField = z.string().min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`).max(200);

export type SetPasswordResult =
  | { ok: false; status: 400 | 404 | 410; message: string; fieldErrors?: FieldErrors }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number }
  | { ok: true; token: string | null; needsSecondFactor: boolean };

/**
 * Opens a password link within the client's limit of links that open nothing (guessed or mangled
 * tokens, RESET_LIMITS.wrongLinksPerClient an hour): every try counts, and is given back when the
 * token is one of ours (valid, used or expired): opening a real link never counts.
 */
export async function openLinkWithinLimit<T extends LinkCheck>(
  services: Pick<AppServices, "resetLimiters">,
  ip: string,
  open: () => Promise<T>,
): Promise<{ limited: number } | { check: T }> {
  const client = countedAddress(ip);
  const verdict = await services.resetLimiters.wrongLinks.hit(client);
  if (!verdict.allowed) return { limited: verdict.retryAfterSeconds };
  const check = await open();
  if (check.ok || check.reason !== "invalid") await services.resetLimiters.wrongLinks.giveBack?.(client);
  return { check };
}

/**
 * A password set through an e-mailed link (invitation or reset): the site's rules, typed twice.
 * The link is used up, the user's sessions end, and a new one starts (still asking for the code
 * when the user has two-factor). A user without a role is sent to sign in, where they are told.
 */
export async function setPasswordFromLink(
  services: Pick<AppServices, "db" | "logger" | "resetLimiters">,
  input: { token: string; password: string; confirm: string; ip: string; userAgent: string | null },
): Promise<SetPasswordResult> {
  const { db, logger } = services;
  const errors: FieldErrors = {};
  const password = PasswordField.safeParse(input.password);
  if (!password.success) errors.password = [password.error.issues[0].message];
  else if (input.password !== input.confirm) errors.confirm = ["The passwords do not match"];
  if (Object.keys(errors).length) {
    return { ok: false, status: 400, message: "The password was not set.", fieldErrors: errors };
  }
  const opened = await openLinkWithinLimit(services, input.ip, () => usePasswordLink(db, input.token, input.password));
  if ("limited" in opened) {
    logger.warn({ ip: input.ip }, "password link refused: too many links that open nothing from this client");
    return { ok: false, status: 429, message: tooManyFromClient(opened.limited), retryAfterSeconds: opened.limited };
  }
  const used = opened.check;
  if (!used.ok) {
    logger.warn({ reason: used.reason, ip: input.ip }, "password link refused");
    return {
      ok: false,
      status: used.reason === "invalid" ? 404 : 410,
      message: linkRefusalMessage(used.reason, used.purpose),
    };
  }
  await audit(
    db,
    { userId: used.userId, email: used.email },
    used.purpose === "invite" ? "set their password from the invitation" : "reset their password by e-mail",
    "My account",
  );
  const user = await findUserByEmail(db, used.email);
  if (user?.role !== "admin" && user?.role !== "editor") return { ok: true, token: null, needsSecondFactor: false };
  const needsSecondFactor = await hasVerifiedFactor(db, used.userId);
  const token = await createSession(db, { userId: used.userId, aal: "aal1", userAgent: input.userAgent, ip: input.ip });
  if (!needsSecondFactor) await recordSignIn(db, used.userId);
  return { ok: true, token, needsSecondFactor };
}
