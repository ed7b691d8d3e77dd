import { createHash, randomBytes } from "node:crypto";
import { nowIso, type Db } from "../db/database.server";
import type { Role } from "../db/schema";
import { hasVerifiedFactor } from "./totp.server";
import { isRole } from "./users.server";

/**
 * Server-side sessions. The cookie carries only a random token; the database keeps its SHA-256,
 * the user, the assurance level and the expiry. A session ends when idle for IDLE_MS or at
 * ABSOLUTE_MS after sign-in, whichever comes first; activity renews the idle window.
 */
export const SESSION_COOKIE = "salon_session";
export const IDLE_MS = 12 * 60 * 60 * 1000;
export const ABSOLUTE_MS = 14 * 24 * 60 * 60 * 1000;
/** How stale last_seen_at may get before a request writes it again (keeps reads read-only). */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export type Aal = "aal1" | "aal2";

export interface SessionUser {
  sessionId: string;
  userId: number;
  email: string;
  role: Role | null;
  aal: Aal;
  /** The user has a verified authenticator factor: the session must reach aal2. */
  needsSecondFactor: boolean;
  createdAt: string;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function sessionCookie(token: string, options: { secure: boolean }): string {
  return [
    `${SESSION_COOKIE}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${Math.floor(ABSOLUTE_MS / 1000)}`,
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

export function clearSessionCookie(options: { secure: boolean }): string {
  return [
    `${SESSION_COOKIE}=`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    "Max-Age=0",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

export function tokenFromRequest(request: Request): string | null {
  const header = request.headers.get("cookie");
  const match = header?.match(new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([A-Za-z0-9_-]{20,})`));
  return match ? match[1] : null;
}

/** Starts a new session (a new token every sign-in: no fixation). Returns the cookie token. */
export async function createSession(
  db: Db,
  input: { userId: number; aal: Aal; userAgent?: string | null; ip?: string | null },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  await db
    .insertInto("sessions")
    .values({
      id: hashToken(token),
      user_id: input.userId,
      aal: input.aal,
      created_at: new Date(now).toISOString(),
      last_seen_at: new Date(now).toISOString(),
      expires_at: new Date(now + ABSOLUTE_MS).toISOString(),
      user_agent: input.userAgent?.slice(0, 300) ?? null,
      ip: input.ip ?? null,
    })
    .execute();
  return token;
}

/** The signed-in user of a token, or null when the session is missing, idle too long or expired. */
export async function getSessionUser(db: Db, token: string | null): Promise<SessionUser | null> {
  if (!token) return null;
  const id = hashToken(token);
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .leftJoin("user_roles", "user_roles.user_id", "users.id")
    .select([
      "sessions.id",
      "sessions.user_id",
      "sessions.aal",
      "sessions.created_at",
      "sessions.last_seen_at",
      "sessions.expires_at",
      "users.email",
      "user_roles.role",
    ])
    .where("sessions.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const now = Date.now();
  const idleFor = now - Date.parse(row.last_seen_at);
  if (now >= Date.parse(row.expires_at) || idleFor >= IDLE_MS) {
    await db.deleteFrom("sessions").where("id", "=", id).execute();
    return null;
  }
  if (idleFor >= TOUCH_EVERY_MS) {
    await db.updateTable("sessions").set({ last_seen_at: nowIso() }).where("id", "=", id).execute();
  }
  const needsSecondFactor = await hasVerifiedFactor(db, row.user_id);
  return {
    sessionId: id,
    userId: row.user_id,
    email: row.email,
    role: isRole(row.role) ? row.role : null,
    aal: row.aal === "aal2" ? "aal2" : "aal1",
    needsSecondFactor,
    createdAt: row.created_at,
  };
}

export type SignOutScope = "global" | "others" | "local";

/** Ends sessions: this one ("local"), every other of the user ("others"), or all of them ("global"). */
export async function signOut(db: Db, user: Pick<SessionUser, "sessionId" | "userId">, scope: SignOutScope = "global") {
  let query = db.deleteFrom("sessions");
  if (scope === "local") query = query.where("id", "=", user.sessionId);
  else if (scope === "others") query = query.where("user_id", "=", user.userId).where("id", "!=", user.sessionId);
  else query = query.where("user_id", "=", user.userId);
  await query.execute();
}

export async function upgradeSessionToAal2(db: Db, sessionId: string): Promise<void> {
  await db.updateTable("sessions").set({ aal: "aal2", last_seen_at: nowIso() }).where("id", "=", sessionId).execute();
}

export async function listSessions(db: Db, userId: number) {
  return db
    .selectFrom("sessions")
    .select(["id", "created_at", "last_seen_at", "user_agent", "ip", "aal"])
    .where("user_id", "=", userId)
    .orderBy("last_seen_at", "desc")
    .execute();
}
