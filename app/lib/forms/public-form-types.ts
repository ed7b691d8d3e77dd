import type { ServiceType } from "~/content/page-ids";

/** What a public form answers; the page shows it as a toast (JS) or a status message (no JS). */
export type PublicFormReply =
  | { ok: true; id: number; service?: string }
  | { ok: false; message: string; fieldErrors: Record<string, string[]>; values: Record<string, string | string[]> };

/** The services a booking form can be for: the content-driven ones and the static facials page. */
export type BookingServiceKey = ServiceType | "facials";
