import { randomBytes } from "node:crypto";
import { nowIso, type DbOrTx } from "../db/database.server";
import type { Role } from "../db/schema";
import { hashPassword } from "./password.server";

export const ROLES: readonly Role[] = ["admin", "editor"];
export const MIN_PASSWORD_LENGTH = 10;

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  return db
    .selectFrom("users")
    .leftJoin("user_roles", "user_roles.user_id", "users.id")
    .select(["users.id", "users.email", "users.password_hash", "user_roles.role"])
    .where("users.email", "=", normalizeEmail(email))
    .executeTakeFirst();
}

/** Creates a user with a role, or sets the password and role of an existing one. */
export async function upsertUser(
  db: DbOrTx,
  input: { email: string; password: string; role: Role | null },
): Promise<{ id: number; created: boolean }> {
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  const existing = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  let id: number;
  if (existing) {
    id = existing.id;
    await db.updateTable("users").set({ password_hash: passwordHash, updated_at: now }).where("id", "=", id).execute();
  } else {
    const row = await db
      .insertInto("users")
      .values({ email, password_hash: passwordHash, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    id = row.id;
  }
  await setRole(db, id, input.role);
  return { id, created: !existing };
}

export async function setRole(db: DbOrTx, userId: number, role: Role | null): Promise<void> {
  await db.deleteFrom("user_roles").where("user_id", "=", userId).execute();
  if (role) await db.insertInto("user_roles").values({ user_id: userId, role }).execute();
}

export function generatePassword(): string {
  // 18 random bytes → 24 URL-safe characters: long enough that guessing is hopeless.
  return randomBytes(18).toString("base64url");
}

export async function listUsers(db: DbOrTx) {
  return db
    .selectFrom("users")
    .leftJoin("user_roles", "user_roles.user_id", "users.id")
    .select(["users.id", "users.email", "user_roles.role", "users.created_at"])
    .orderBy("users.email")
    .execute();
}

export class LastAdminError extends Error {
  constructor() {
    super("The site needs at least one admin: make someone else an admin first.");
  }
}

async function adminCount(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom("user_roles")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("role", "=", "admin")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Changes a role; refuses to take the role from the last admin. Ends the user's sessions. */
export async function changeRole(db: DbOrTx, userId: number, role: Role | null): Promise<void> {
  const current = await db.selectFrom("user_roles").select("role").where("user_id", "=", userId).executeTakeFirst();
  if (current?.role === "admin" && role !== "admin" && (await adminCount(db)) <= 1) throw new LastAdminError();
  await setRole(db, userId, role);
  // A changed privilege starts over with a fresh sign-in (no stale rights in a live session).
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

/** Removes a user and their sessions; never the last admin. */
export async function removeUser(db: DbOrTx, userId: number): Promise<void> {
  const current = await db.selectFrom("user_roles").select("role").where("user_id", "=", userId).executeTakeFirst();
  if (current?.role === "admin" && (await adminCount(db)) <= 1) throw new LastAdminError();
  await db.deleteFrom("users").where("id", "=", userId).execute();
}

export async function setPassword(db: DbOrTx, userId: number, password: string): Promise<void> {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  await db
    .updateTable("users")
    .set({ password_hash: await hashPassword(password), updated_at: nowIso() })
    .where("id", "=", userId)
    .execute();
}
