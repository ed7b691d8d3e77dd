import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.server";

describe("passwords", () => {
  it("are stored as argon2id at OWASP's baseline (19 MiB, 2 passes, 1 lane), salted, and only the right one matches", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).not.toBe(await hashPassword("correct horse battery"));
    expect(await verifyPassword(stored, "correct horse battery")).toBe(true);
    expect(await verifyPassword(stored, "correct horse batter")).toBe(false);
  });

  it("a stored value that is no hash matches nothing, and the check does not throw", async () => {
    expect(await verifyPassword("not-a-hash", "not-a-hash")).toBe(false);
    expect(await verifyPassword("", "")).toBe(false);
  });
});
