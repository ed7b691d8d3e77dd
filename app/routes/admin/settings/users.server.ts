import { z } from "zod";
import type { FieldErrors } from "~/lib/forms/field-errors";
import { audit } from "~/server/audit/audit.server";
import {
  changeRole,
  findUserByEmail,
  generatePassword,
  isRole,
  LastAdminError,
  MIN_PASSWORD_LENGTH,
  removeUser,
  upsertUser,
} from "~/server/auth/users.server";
import {
  CORRECT_FIELDS,
  done,
  refused,
  type SettingsAnswer,
  type SettingsHandler,
  type SettingsPost,
} from "./reply.server";

/** Users and roles (admins only): create a user, change a role, remove a user. */

export const createUser: SettingsHandler = async ({ services: { db }, actor, intent, text }) => {
  const email = text("email").trim().toLowerCase();
  const role = text("role");
  const errors: FieldErrors = {};
  if (!z.email().safeParse(email).success) errors.email = ["Enter a valid email address"];
  if (!isRole(role)) errors.role = ["Choose admin or editor"];
  const given = text("password");
  if (given && given.length < MIN_PASSWORD_LENGTH) errors.password = [`Use at least ${MIN_PASSWORD_LENGTH} characters`];
  if (Object.keys(errors).length) return { status: 400, reply: refused(intent, CORRECT_FIELDS, errors) };
  if (await findUserByEmail(db, email)) {
    return {
      status: 400,
      reply: refused(intent, "A user with this email already exists.", { email: ["Already a user"] }),
    };
  }
  const password = given || generatePassword();
  await upsertUser(db, { email, password, role: role as "admin" | "editor" });
  await audit(db, actor, `created user ${email} (${role})`, "Users");
  return done(intent, `User ${email} created`, { password: given ? undefined : password });
};

/** Runs `change` on the posted user; a missing user is 404, taking away the last admin 400. */
async function withTargetUser(
  post: SettingsPost,
  change: (target: { id: number; email: string }) => Promise<SettingsAnswer>,
): Promise<SettingsAnswer> {
  const { services, intent, text } = post;
  const userId = Number(text("userId"));
  const target = await services.db
    .selectFrom("users")
    .select(["id", "email"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!target) return { status: 404, reply: refused(intent, "No such user.") };
  try {
    return await change(target);
  } catch (error) {
    if (error instanceof LastAdminError) return { status: 400, reply: refused(intent, error.message) };
    throw error;
  }
}

export const removeUserOfSettings: SettingsHandler = (post) =>
  withTargetUser(post, async (target) => {
    await removeUser(post.services.db, target.id);
    await audit(post.services.db, post.actor, `removed user ${target.email}`, "Users");
    return done(post.intent, `User ${target.email} removed`);
  });

export const changeUserRole: SettingsHandler = (post) =>
  withTargetUser(post, async (target) => {
    const role = post.text("role");
    if (role !== "none" && !isRole(role))
      return { status: 400, reply: refused(post.intent, "Choose admin, editor or no access.") };
    await changeRole(post.services.db, target.id, role === "none" ? null : role);
    await audit(post.services.db, post.actor, `changed the role of ${target.email} to ${role}`, "Users");
    return done(post.intent, `${target.email} is now ${role === "none" ? "without access" : role}`);
  });
