import { z } from "zod";
import type { FieldErrors } from "~/lib/forms/field-errors";
import type { Role } from "~/server/db/schema";
import { audit } from "~/server/audit/audit.server";
import { salonName, sendInvitation } from "~/server/auth/password-mail.server";
import { pendingInvitations } from "~/server/auth/password-links.server";
import {
  changeRole,
  findUserByEmail,
  generatePassword,
  isRole,
  LastAdminError,
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

/** Users and roles (admins only): invite a user (and resend or revoke the invitation), change a role, remove a user. */

export const createUser: SettingsHandler = async ({ services, actor, intent, text }) => {
  const { db } = services;
  const email = text("email").trim().toLowerCase();
  const role = text("role");
  const errors: FieldErrors = {};
  if (!z.email().safeParse(email).success) errors.email = ["Enter a valid email address"];
  if (!isRole(role)) errors.role = ["Choose admin or editor"];
  if (Object.keys(errors).length) return { status: 400, reply: refused(intent, CORRECT_FIELDS, errors) };
  if (await findUserByEmail(db, email)) {
    return {
      status: 400,
      reply: refused(intent, "A user with this email already exists.", { email: ["Already a user"] }),
    };
  }
  const salon = await salonName(services);
  await db.transaction().execute(async (tx) => {
    // A password nobody knows until the invitee chooses theirs through the e-mailed link.
    const { id } = await upsertUser(tx, { email, password: generatePassword(), role: role as Role });
    await sendInvitation(tx, services, { userId: id, email, role: role as Role, invitedBy: actor.email, salon });
    await audit(tx, actor, `invited ${email} (${role})`, "Users");
  });
  services.outbox.kick();
  return done(intent, `Invitation sent to ${email}`);
};

/** Sends a new invitation (the earlier link stops working) to a user who has not set a password yet. */
export const resendInvitation: SettingsHandler = (post) =>
  withInvitedUser(post, async (target) => {
    const { services, actor, intent } = post;
    const salon = await salonName(services);
    await services.db.transaction().execute(async (tx) => {
      await sendInvitation(tx, services, { ...target, userId: target.id, invitedBy: actor.email, salon });
      await audit(tx, actor, `sent a new invitation to ${target.email}`, "Users");
    });
    services.outbox.kick();
    return done(intent, `Invitation sent again to ${target.email}`);
  });

/** Takes back an invitation: the invited user, who never set a password, is removed with its link. */
export const revokeInvitation: SettingsHandler = (post) =>
  withInvitedUser(post, async (target) => {
    await removeUser(post.services.db, target.id);
    await audit(post.services.db, post.actor, `revoked the invitation of ${target.email}`, "Users");
    return done(post.intent, `Invitation to ${target.email} revoked`);
  });

/** Runs `change` on the posted user when their invitation is still unused; else 400. */
function withInvitedUser(
  post: SettingsPost,
  change: (target: { id: number; email: string; role: Role }) => Promise<SettingsAnswer>,
): Promise<SettingsAnswer> {
  return withTargetUser(post, async (target) => {
    const invited = await pendingInvitations(post.services.db);
    const role = await post.services.db
      .selectFrom("user_roles")
      .select("role")
      .where("user_id", "=", target.id)
      .executeTakeFirst();
    if (!invited.has(target.id) || !isRole(role?.role)) {
      return { status: 400, reply: refused(post.intent, `${target.email} has already set a password.`) };
    }
    return change({ ...target, role: role.role });
  });
}

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
