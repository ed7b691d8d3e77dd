import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The client's manage link: /appointment/{key}.{signature}. The key is the booking's random
 * manage_key (128 bits, unique: the booking is found by it), the signature an HMAC of the booking's
 * id and key under the site's secret (SESSION_SECRET). It says nothing about how many bookings
 * there are, needs no sign-in, and can be written again into every e-mail about the booking;
 * changing the booking's key invalidates its old links.
 *
 * Links sent before carried the booking's id where the key now is (/appointment/{id}.{signature},
 * the same signature); they keep opening their booking.
 */
export interface BookingLinks {
  /** The site's secret (SESSION_SECRET, or the one kept in DATA_DIR). */
  secret: string;
  /** The site's origin, for absolute links in e-mails and API answers. */
  publicUrl: string;
  /** NOTIFY_EMAIL, when set: where the salon's e-mails about bookings go (see bookingMailSetting). */
  notifyEmail?: string;
  /**
   * Told by a command once its change that takes or frees a time is committed: the running site
   * drops the cached pages that list free times, on every instance.
   */
  onChange?: () => void;
}

/** The links of the running site; with its change feed, the commands announce their changes on it. */
export function siteBookingLinks(services: {
  env: { sessionSecret: string; NOTIFY_EMAIL?: string };
  publicUrl: string;
  changes?: { publish: (scope: "bookings") => Promise<void> };
}): BookingLinks {
  const { changes } = services;
  return {
    secret: services.env.sessionSecret,
    publicUrl: services.publicUrl,
    notifyEmail: services.env.NOTIFY_EMAIL,
    onChange: changes && (() => void changes.publish("bookings")),
  };
}

/** {key}.{signature} (a key as newManageKey makes them), or the earlier {id}.{signature}. */
const TOKEN = /^(?:([A-Za-z0-9_-]{22})|(\d{1,12}))\.([A-Za-z0-9_-]{32})$/;

export function newManageKey(): string {
  return randomBytes(16).toString("base64url");
}

function signature(secret: string, id: number, key: string): string {
  return createHmac("sha256", secret).update(`booking-manage:${id}:${key}`).digest("base64url").slice(0, 32);
}

export function manageToken(secret: string, id: number, key: string): string {
  return `${key}.${signature(secret, id, key)}`;
}

export function manageUrl(links: BookingLinks, id: number, key: string): string {
  return `${links.publicUrl}/appointment/${manageToken(links.secret, id, key)}`;
}

/** What a token names its booking by, before its signature is checked; null when it is not a token. */
export function parseManageToken(token: string): { key: string } | { id: number } | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  return match[1] ? { key: match[1] } : { id: Number(match[2]) };
}

/** Whether the token (either form) is the booking's, compared in constant time. */
export function isValidManageToken(secret: string, token: string, id: number, key: string): boolean {
  const named = parseManageToken(token);
  if (!named) return false;
  const expected = Buffer.from(`${"key" in named ? key : id}.${signature(secret, id, key)}`);
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
