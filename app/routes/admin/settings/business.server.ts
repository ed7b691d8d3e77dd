import { z } from "zod";
import { PROFILE_KEYS, ProfileSchema } from "~/lib/business-profile";
import { isTimeZone } from "~/lib/dates";
import { fieldErrorsOf } from "~/lib/forms/field-errors";
import { audit } from "~/server/audit/audit.server";
import { changeHours } from "~/server/booking/model.server";
import { CORRECT_FIELDS, done, refused, type SettingsHandler } from "./reply.server";

/** The business's settings: its profile (any staff member), notifications and time zone (admins). */

const NotificationSchema = z.object({
  notifyEmail: z
    .string()
    .trim()
    .refine((v) => v === "" || z.email().safeParse(v).success, "Enter a valid email address, or leave it empty"),
  confirmationEmails: z.boolean(),
});

export const saveProfile: SettingsHandler = async ({ services, user, actor, intent, text }) => {
  const parsed = ProfileSchema.safeParse(Object.fromEntries(PROFILE_KEYS.map((k) => [k, text(k)])));
  if (!parsed.success) return { status: 400, reply: refused(intent, CORRECT_FIELDS, fieldErrorsOf(parsed.error)) };
  const { notice } = await changeHours(services, () => services.content.save("contact", parsed.data, user.userId));
  await audit(services.db, actor, "updated the business profile", "Settings");
  return done(intent, "Business profile updated successfully", notice ? { notice } : undefined);
};

export const saveNotifications: SettingsHandler = async ({ services, user, actor, intent, form, text }) => {
  const parsed = NotificationSchema.safeParse({
    notifyEmail: text("notifyEmail"),
    confirmationEmails: form.get("confirmationEmails") === "on",
  });
  if (!parsed.success) return { status: 400, reply: refused(intent, CORRECT_FIELDS, fieldErrorsOf(parsed.error)) };
  await services.content.saveSettings(parsed.data, user.userId);
  await audit(services.db, actor, "updated notification settings", "Settings");
  return done(intent, "Notification settings updated successfully");
};

export const saveTimeZone: SettingsHandler = async ({ services, user, actor, intent, text }) => {
  const timeZone = text("timeZone").trim();
  if (!isTimeZone(timeZone))
    return { status: 400, reply: refused(intent, CORRECT_FIELDS, { timeZone: ["Choose a time zone from the list"] }) };
  const { notice } = await changeHours(services, () => services.content.saveSettings({ timeZone }, user.userId));
  await audit(services.db, actor, `set the time zone to ${timeZone}`, "Settings");
  return done(intent, "Time zone updated successfully", notice ? { notice } : undefined);
};
