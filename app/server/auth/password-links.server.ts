import { createHash, randomBytes } from "node:crypto";
import { nowIso, type Db, type DbOrTx } from "../db/database.server";
import type { PasswordLinkPurpose } from "../db/schema";
import { hashPassword } from "./password.server";
import { MIN_PASSWORD_LENGTH } from "./users.server";

/**
 * Links that set a password, sent by e-mail: an invitation (a new user sets their first password)
 * and a reset (after "Forgot password?"). The link carries a random 256-bit token; the database
 * keeps only its SHA-256, so a leaked database holds no usable link. A link works once, until it
 * expires; a changed token matches nothing.
 */
export const LINK_LIFETIME_MS: Record<PasswordLinkPurpose, number> = {
  invite: 48 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};

/** The path a link opens; the set-password page lives there. */
export const passwordLinkPath = (token: string) => `/admin/password/${token}`;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new link token and the hash the database keeps of it. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: linkTokenHash(token)! };
}

/** The stored hash of a token as a link carries it, or null when it cannot be one of ours. */
export function linkTokenHash(token: string): string | null {
  if (!TOKEN_PATTERN.test(token)) return null;
  return createHash("sha256").update(token).digest("hex");
}

/**
 * A new link for a user, replacing any earlier unused one of the same purpose (only the newest
 * invitation or reset e-mail works). Returns the token for the e-mail; it is not kept.
 */
export async function createPasswordLink(db: DbOrTx, userId: number, purpose: PasswordLinkPurpose): Promise<string> {
  const { token, hash } = newLinkToken();
  const now = Date.now();
  await db
    .deleteFrom("password_links")
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
  await db
    .insertInto("password_links")
    .values({
      user_id: userId,
      purpose,
      token_hash: hash,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + LINK_LIFETIME_MS[purpose]).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

export type LinkRefusal = "invalid" | "expired" | "used";

export type LinkCheck =
  | { ok: true; userId: number; email: string; purpose: PasswordLinkPurpose }
  | { ok: false; reason: LinkRefusal; purpose?: PasswordLinkPurpose };

/** What a link's page says when the link cannot set a password. */
export function linkRefusalMessage(reason: LinkRefusal, purpose?: PasswordLinkPurpose): string {
  const askAgain =
    purpose === "invite"
      ? "Ask the salon's admin to send a new invitation."
      : 'Ask for a new one with "Forgot password?" on the sign-in page.';
  if (reason === "expired") return `This link has expired. ${askAgain}`;
  if (reason === "used")
    return `This link has already been used. Sign in with your password, or ${askAgain[0].toLowerCase()}${askAgain.slice(1)}`;
  return `This link is not valid. Check that you opened the whole link from the e-mail. ${askAgain}`;
}

/** Whether a token opens a link that can still set a password (changes nothing). */
export async function checkPasswordLink(db: DbOrTx, token: string): Promise<LinkCheck> {
  const hash = linkTokenHash(token);
  if (!hash) return { ok: false, reason: "invalid" };
  const link = await db
    .selectFrom("password_links")
    .innerJoin("users", "users.id", "password_links.user_id")
    .select([
      "password_links.user_id",
      "password_links.purpose",
      "password_links.expires_at",
      "password_links.used_at",
      "users.email",
    ])
    .where("password_links.token_hash", "=", hash)
    .executeTakeFirst();
  if (!link) return { ok: false, reason: "invalid" };
  if (link.used_at) return { ok: false, reason: "used", purpose: link.purpose };
  if (Date.parse(link.expires_at) <= Date.now()) return { ok: false, reason: "expired", purpose: link.purpose };
  return { ok: true, userId: link.user_id, email: link.email, purpose: link.purpose };
}

/**
 * Sets the password through a link: the link is marked used in the statement that checks it is
 * unused and unexpired (two tabs posting at once: one wins), then the password is set and every
 * session of the user ends (whoever was signed in with the old password is out).
 */
export async function usePasswordLink(db: Db, token: string, password: string): Promise<LinkCheck> {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new Error(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  // The link is looked up before the password is hashed: a guessed token costs a read, not a hash.
  const before = await checkPasswordLink(db, token);
  if (!before.ok) return before;
  const hash = linkTokenHash(token)!;
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (tx) => {
    const now = nowIso();
    const taken = await tx
      .updateTable("password_links")
      .set({ used_at: now })
      .where("token_hash", "=", hash)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .returning(["user_id", "purpose"])
      .executeTakeFirst();
    if (!taken) return checkPasswordLink(tx, token);
    const user = await tx
      .updateTable("users")
      .set({ password_hash: passwordHash, updated_at: now })
      .where("id", "=", taken.user_id)
      .returning("email")
      .executeTakeFirstOrThrow();
    await tx.deleteFrom("sessions").where("user_id", "=", taken.user_id).execute();
    // Any other unused link of the user is void now that the password is set.
    await tx.deleteFrom("password_links").where("user_id", "=", taken.user_id).where("used_at", "is", null).execute();
    return { ok: true as const, userId: taken.user_id, email: user.email, purpose: taken.purpose };
  });
}

/** The users whose invitation is still unused (they have not set a password yet), with its expiry. */
export async function pendingInvitations(db: DbOrTx): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom("password_links")
    .select(["user_id", "expires_at"])
    .where("purpose", "=", "invite")
    .where("used_at", "is", null)
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.expires_at]));
}
