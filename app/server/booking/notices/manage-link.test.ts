import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isValidManageToken, manageToken, manageUrl, newManageKey, parseManageToken } from "./manage-link.server";

const SECRET = "secret-of-the-site";
const ID = 4;
const KEY = newManageKey();

/** A link as e-mails carried them before: the booking's id and the HMAC of its id and key. */
function earlierToken(secret: string, id: number, key: string) {
  const signature = createHmac("sha256", secret).update(`booking-manage:${id}:${key}`).digest("base64url");
  return `${id}.${signature.slice(0, 32)}`;
}

describe("the manage link", () => {
  it("carries the booking's random key and a signature, never its id", () => {
    const token = manageToken(SECRET, ID, KEY);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{32}$/);
    expect(token.startsWith(`${KEY}.`)).toBe(true);
    expect(token).not.toMatch(/^\d+\./);
    expect(manageUrl({ secret: SECRET, publicUrl: "https://salon.example" }, ID, KEY)).toBe(
      `https://salon.example/appointment/${token}`,
    );
  });

  it("names its booking by key; a link sent before names it by id", () => {
    expect(parseManageToken(manageToken(SECRET, ID, KEY))).toEqual({ key: KEY });
    expect(parseManageToken(earlierToken(SECRET, ID, KEY))).toEqual({ id: ID });
    for (const junk of ["", "4", `4.${"A".repeat(31)}`, `${KEY}.`, `${KEY}x.${"A".repeat(32)}`, `../${KEY}`]) {
      expect(parseManageToken(junk), junk).toBeNull();
    }
  });

  it("verifies both forms for the booking's id and key, and nothing else", () => {
    const token = manageToken(SECRET, ID, KEY);
    const earlier = earlierToken(SECRET, ID, KEY);
    expect(isValidManageToken(SECRET, token, ID, KEY)).toBe(true);
    expect(isValidManageToken(SECRET, earlier, ID, KEY)).toBe(true);
    for (const [label, valid] of [
      ["another secret", isValidManageToken("another", token, ID, KEY)],
      ["another booking's id", isValidManageToken(SECRET, token, ID + 1, KEY)],
      ["a new key", isValidManageToken(SECRET, token, ID, newManageKey())],
      ["an earlier link under a new key", isValidManageToken(SECRET, earlier, ID, newManageKey())],
      [
        "one changed character",
        isValidManageToken(SECRET, token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"), ID, KEY),
      ],
      ["the key alone", isValidManageToken(SECRET, KEY, ID, KEY)],
    ] as const) {
      expect(valid, label).toBe(false);
    }
  });
});
