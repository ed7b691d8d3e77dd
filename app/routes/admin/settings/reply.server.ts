import type { IntentReply } from "~/lib/forms/action-reply";
import type { FieldErrors } from "~/lib/forms/field-errors";
import type { SessionUser } from "~/server/auth/session.server";
import { waitText } from "~/server/auth/throttle.server";
import type { AppServices } from "~/server/app-services";

export interface SettingsReply extends IntentReply {
  /** Two-factor recovery codes, shown once after turning two-factor on or making new ones. */
  recoveryCodes?: string[];
  /** Enrolment details while adding an authenticator app. */
  enrolment?: { secret: string; qrSvg: string };
}

/** What a settings form's handler answers: the reply, its status, and for a throttled guess when to retry. */
export interface SettingsAnswer {
  status: number;
  reply: SettingsReply;
  retryAfterSeconds?: number;
}

/** One posted settings form: who posts it, from where, and its fields. */
export interface SettingsPost {
  services: AppServices;
  user: SessionUser;
  actor: { userId: number; email: string };
  intent: string;
  form: FormData;
  /** The request's address, for the throttle of password and code checks. */
  clientIp: string;
  /** A field's text ("" when absent). */
  text: (name: string) => string;
}

export type SettingsHandler = (post: SettingsPost) => Promise<SettingsAnswer>;

export const CORRECT_FIELDS = "Please correct the highlighted fields.";

export const done = (intent: string, message: string, extra?: Partial<SettingsReply>): SettingsAnswer => ({
  status: 200,
  reply: { intent, ok: true, message, ...extra },
});

export const refused = (intent: string, message: string, errors?: FieldErrors): SettingsReply => ({
  intent,
  ok: false,
  message,
  fieldErrors: errors,
});

export function throttled(intent: string, seconds: number, field: string): SettingsAnswer {
  const message = `Too many wrong attempts. Please wait ${waitText(seconds)} before trying again.`;
  return { status: 429, retryAfterSeconds: seconds, reply: refused(intent, message, { [field]: [message] }) };
}
