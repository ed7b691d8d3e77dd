import { createHmac, timingSafeEqual } from "node:crypto";
import { isDraftSubject, type DraftSubject } from "~/lib/content-rules";

/**
 * A draft's preview link (a page's, or the hero slides' on the home page): the public page with `?preview={page}.{draftKey}.{expires}.{signature}`,
 * the signature an HMAC of the rest under the site's secret (SESSION_SECRET). The link needs no
 * sign-in (it can be opened on a phone or sent to the owner), shows only the draft it was made for
 * (a publish or a discard ends it; a restore makes a new draft) and lapses after an hour.
 */
export const PREVIEW_LIFETIME_MS = 60 * 60 * 1000;

const TOKEN = /^([a-z-]{1,40})\.([A-Za-z0-9_-]{22})\.(\d{10,13})\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, page: string, draftKey: string, expires: string): string {
  return createHmac("sha256", secret).update(`draft-preview:${page}:${draftKey}:${expires}`).digest("base64url");
}

export function previewToken(secret: string, page: DraftSubject, draftKey: string, now = Date.now()): string {
  const expires = String(Math.floor((now + PREVIEW_LIFETIME_MS) / 1000));
  return `${page}.${draftKey}.${expires}.${signature(secret, page, draftKey, expires)}`;
}

export type PreviewTokenCheck =
  { ok: true; page: DraftSubject; draftKey: string } | { ok: false; reason: "invalid" | "expired" };

/** Whether a token is one this site signed and still valid; which page's draft it opens. */
export function readPreviewToken(secret: string, token: string, now = Date.now()): PreviewTokenCheck {
  const match = TOKEN.exec(token);
  if (!match) return { ok: false, reason: "invalid" };
  const [, page, draftKey, expires, given] = match;
  const expected = Buffer.from(signature(secret, page, draftKey, expires));
  if (!timingSafeEqual(Buffer.from(given), expected) || !isDraftSubject(page)) return { ok: false, reason: "invalid" };
  if (Number(expires) * 1000 <= now) return { ok: false, reason: "expired" };
  return { ok: true, page, draftKey };
}
