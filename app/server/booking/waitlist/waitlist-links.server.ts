import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { BookingLinks } from "../notices/manage-link.server";

/**
 * The waiting list's links, each {key}.{signature}: the key is a row's random 128-bit key (an
 * offer's offer_key, an entry's leave_key: the row is found by it), the signature an HMAC of the
 * link's purpose, the row's id and key under the site's secret, so a link names one row for one
 * purpose and a changed character opens nothing.
 */
export type WaitlistLinkPurpose = "offer" | "leave";

const TOKEN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{32})$/;

export const newWaitlistKey = (): string => randomBytes(16).toString("base64url");

function signature(secret: string, purpose: WaitlistLinkPurpose, id: number, key: string): string {
  return createHmac("sha256", secret).update(`waitlist-${purpose}:${id}:${key}`).digest("base64url").slice(0, 32);
}

export function waitlistToken(secret: string, purpose: WaitlistLinkPurpose, id: number, key: string): string {
  return `${key}.${signature(secret, purpose, id, key)}`;
}

/** The key a token names its row by, before its signature is checked; null when it is not a token. */
export function waitlistTokenKey(token: string): string | null {
  return TOKEN.exec(token)?.[1] ?? null;
}

/** Whether the token is the row's for this purpose, compared in constant time. */
export function isValidWaitlistToken(
  secret: string,
  purpose: WaitlistLinkPurpose,
  token: string,
  id: number,
  key: string,
): boolean {
  const expected = Buffer.from(waitlistToken(secret, purpose, id, key));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const offerUrl = (links: BookingLinks, id: number, key: string) =>
  `${links.publicUrl}/waitlist/offer/${waitlistToken(links.secret, "offer", id, key)}`;

export const leaveUrl = (links: BookingLinks, id: number, key: string) =>
  `${links.publicUrl}/waitlist/leave/${waitlistToken(links.secret, "leave", id, key)}`;
