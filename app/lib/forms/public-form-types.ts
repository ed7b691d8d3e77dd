import type { ServiceType } from "~/content/page-ids";
import type { ActionReply } from "./action-reply";
import type { FieldErrors } from "./field-errors";

/** What a public form answers; the page shows it as a toast (JS) or a status message (no JS). */
export type PublicFormReply = ActionReply &
  (
    | { ok: true; id: number; service?: string }
    | { ok: false; message: string; fieldErrors: FieldErrors; values: Record<string, string | string[]> }
  );

/** The services a booking form can be for: the content-driven ones and the static facials page. */
export type BookingServiceKey = ServiceType | "facials";
