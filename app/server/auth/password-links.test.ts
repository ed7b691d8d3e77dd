import { describe, expect, it } from "vitest";
import { linkRefusalMessage, linkTokenHash, newLinkToken } from "./password-links.server";

describe("password link tokens", () => {
  it("makes a new 256-bit token each time, whose hash is what the database keeps", () => {
    const first = newLinkToken();
    const second = newLinkToken();
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.token).not.toBe(second.token);
    expect(linkTokenHash(first.token)).toBe(first.hash);
    expect(first.hash).not.toContain(first.token);
  });

  it("a token changed by one character hashes to something else", () => {
    const { token, hash } = newLinkToken();
    const changed = (token[0] === "A" ? "B" : "A") + token.slice(1);
    expect(linkTokenHash(changed)).not.toBe(hash);
  });

  it("refuses anything that cannot be a token: too short, too long, other characters", () => {
    const { token } = newLinkToken();
    expect(linkTokenHash(token.slice(1))).toBeNull();
    expect(linkTokenHash(token + "A")).toBeNull();
    expect(linkTokenHash(token.slice(1) + ".")).toBeNull();
    expect(linkTokenHash("")).toBeNull();
  });

  it("says plainly why a link does not work, and what to do", () => {
    expect(linkRefusalMessage("expired", "reset")).toBe(
      'This link has expired. Ask for a new one with "Forgot password?" on the sign-in page.',
    );
    expect(linkRefusalMessage("expired", "invite")).toBe(
      "This link has expired. Ask the salon's admin to send a new invitation.",
    );
    expect(linkRefusalMessage("used", "reset")).toMatch(/^This link has already been used\./);
    expect(linkRefusalMessage("invalid")).toMatch(/^This link is not valid\./);
  });
});
