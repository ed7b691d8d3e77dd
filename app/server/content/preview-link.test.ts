import { describe, expect, it } from "vitest";
import { PREVIEW_LIFETIME_MS, previewToken, readPreviewToken } from "./preview-link.server";

const secret = "a-secret-of-at-least-sixteen";
const key = "AAAAAAAAAAAAAAAAAAAAAA";
const now = Date.parse("2026-11-28T10:00:00Z");

describe("draft preview links", () => {
  it("a link opens its page's draft until it lapses an hour later", () => {
    const token = previewToken(secret, "service-hair", key, now);
    expect(readPreviewToken(secret, token, now)).toEqual({ ok: true, page: "service-hair", draftKey: key });
    expect(readPreviewToken(secret, token, now + PREVIEW_LIFETIME_MS - 1000)).toMatchObject({ ok: true });
    expect(readPreviewToken(secret, token, now + PREVIEW_LIFETIME_MS)).toEqual({ ok: false, reason: "expired" });
  });

  it("a changed page, draft key, expiry or signature, or another site's secret, is refused", () => {
    const token = previewToken(secret, "about", key, now);
    const [page, draftKey, expires, signature] = token.split(".");
    const later = String(Number(expires) + 3600);
    const flipped = (signature[0] === "A" ? "B" : "A") + signature.slice(1);
    for (const forged of [
      ["contact", draftKey, expires, signature],
      [page, "BBBBBBBBBBBBBBBBBBBBBB", expires, signature],
      [page, draftKey, later, signature],
      [page, draftKey, expires, flipped],
    ]) {
      expect(readPreviewToken(secret, forged.join("."), now)).toEqual({ ok: false, reason: "invalid" });
    }
    expect(readPreviewToken("another-secret-of-sixteen", token, now)).toEqual({ ok: false, reason: "invalid" });
    for (const junk of ["", "about", `${token}x`, `../${token}`, `nope.${draftKey}.${expires}.${signature}`]) {
      expect(readPreviewToken(secret, junk, now)).toEqual({ ok: false, reason: "invalid" });
    }
  });
});
