import { PROFILE_KEYS } from "~/lib/business-profile";
import type { SessionUser } from "~/server/auth/session.server";
import type { AppServices } from "~/server/app-services";
import { changePassword, signOutOthers } from "./settings/account.server";
import { saveNotifications, saveProfile, saveTimeZone } from "./settings/business.server";
import { refused, type SettingsAnswer, type SettingsHandler } from "./settings/reply.server";
import { confirmTwoFactor, disableTwoFactor, regenerateCodes, startTwoFactor } from "./settings/two-factor.server";
import {
  changeUserRole,
  createUser,
  removeUserOfSettings,
  resendInvitation,
  revokeInvitation,
} from "./settings/users.server";

export type { SettingsReply } from "./settings/reply.server";
export { PROFILE_KEYS };

/** Each settings form's handler, by the form's `intent`. */
const HANDLERS = new Map<string, SettingsHandler>([
  ["profile", saveProfile],
  ["notifications", saveNotifications],
  ["time-zone", saveTimeZone],
  ["create-user", createUser],
  ["resend-invitation", resendInvitation],
  ["revoke-invitation", revokeInvitation],
  ["change-role", changeUserRole],
  ["remove-user", removeUserOfSettings],
  ["change-password", changePassword],
  ["start-2fa", startTwoFactor],
  ["confirm-2fa", confirmTwoFactor],
  ["disable-2fa", disableTwoFactor],
  ["regenerate-recovery-codes", regenerateCodes],
  ["sign-out-others", signOutOthers],
]);

const ADMIN_ONLY = new Set([
  "notifications",
  "time-zone",
  "create-user",
  "resend-invitation",
  "revoke-invitation",
  "change-role",
  "remove-user",
]);

/**
 * Hands a settings form to its handler (the form's `intent`); admin-only intents check the role here.
 * `clientIp` is the request's address, for the throttle of password and code checks.
 */
export async function handleSettingsAction(
  services: AppServices,
  user: SessionUser,
  form: FormData,
  clientIp: string,
): Promise<SettingsAnswer> {
  const intent = String(form.get("intent") ?? "");
  if (ADMIN_ONLY.has(intent) && user.role !== "admin") {
    return { status: 403, reply: refused(intent, "Only an admin can do this.") };
  }
  const handler = HANDLERS.get(intent);
  if (!handler) return { status: 400, reply: refused(intent, "Unknown action.") };
  const actor = { userId: user.userId, email: user.email };
  return handler({ services, user, actor, intent, form, clientIp, text: (name) => String(form.get(name) ?? "") });
}
