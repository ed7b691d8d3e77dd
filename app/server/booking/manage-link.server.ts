import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The client's manage link: /appointment/{id}.{signature}, the signature an HMAC of the booking's
 * id and its random key under the site's secret (SESSION_SECRET). Unguessable, needs no sign-in,
 * and can be written again into every e-mail about the booking; changing the booking's key
 * invalidates its old links.
 */
export interface BookingLinks {
  /** The site's secret (SESSION_SECRET, or the one kept in DATA_DIR). */
  secret: string;
  /** The site's origin, for absolute links in e-mails and API answers. */
  publicUrl: string;
  /** NOTIFY_EMAIL, when set: where the salon's e-mails about bookings go (see bookingMailSetting). */
  notifyEmail?: string;
}

/** The links of the running site. */
export function siteBookingLinks(services: {
  env: { sessionSecret: string; NOTIFY_EMAIL?: string };
  publicUrl: string;
}): BookingLinks {
  return { secret: services.env.sessionSecret, publicUrl: services.publicUrl, notifyEmail: services.env.NOTIFY_EMAIL };
}

const TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{32})$/;

export function newManageKey(): string {
  return randomBytes(16).toString("base64url");
}

function signature(secret: string, id: number, key: string): string {
  return createHmac("sha256", secret).update(`booking-manage:${id}:${key}`).digest("base64url").slice(0, 32);
}

export function manageToken(secret: string, id: number, key: string): string {
  return `${id}.${signature(secret, id, key)}`;
}

export function manageUrl(links: BookingLinks, id: number, key: string): string {
  return `${links.publicUrl}/appointment/${manageToken(links.secret, id, key)}`;
}

/** The booking id a token names, before its signature is checked; null when it is not a token. */
export function tokenBookingId(token: string): number | null {
  const match = TOKEN.exec(token);
  return match ? Number(match[1]) : null;
}

export function isValidManageToken(secret: string, token: string, id: number, key: string): boolean {
  const expected = Buffer.from(manageToken(secret, id, key));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
