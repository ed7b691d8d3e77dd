import { describe, expect, it } from "vitest";
import { codeGuess, passwordChangeGuess, signInGuess, waitText } from "./throttle.server";

describe("the sign-in throttle's words and keys", () => {
  it("says how long to wait in seconds, and in whole minutes (rounded up) from a minute and a half", () => {
    expect(waitText(1)).toBe("1 second");
    expect(waitText(2)).toBe("2 seconds");
    expect(waitText(30)).toBe("30 seconds");
    expect(waitText(89)).toBe("89 seconds");
    expect(waitText(90)).toBe("2 minutes");
    expect(waitText(120)).toBe("2 minutes");
    expect(waitText(121)).toBe("3 minutes");
    expect(waitText(3600)).toBe("60 minutes");
  });

  it("counts an e-mail however it is typed as one account, and a password, a code and a password change apart", () => {
    expect(signInGuess("  Owner@Aurelia.TEST ", "198.51.100.1")).toEqual(
      signInGuess("owner@aurelia.test", "198.51.100.1"),
    );
    const password = signInGuess("owner@aurelia.test", "198.51.100.1");
    const code = codeGuess(7, "198.51.100.1");
    const change = passwordChangeGuess(7, "198.51.100.1");
    expect(new Set([password.account, code.account, change.account]).size).toBe(3);
    expect(new Set([password.pair, code.pair, change.pair]).size).toBe(3);
    // The address is one count across all of them.
    expect(new Set([password.address, code.address, change.address]).size).toBe(1);
    expect(codeGuess(7, "198.51.100.1").account).not.toBe(codeGuess(8, "198.51.100.1").account);
    expect(passwordChangeGuess(7, "198.51.100.1").account).not.toBe(passwordChangeGuess(8, "198.51.100.1").account);
    expect(signInGuess("owner@aurelia.test", "198.51.100.2").pair).not.toBe(password.pair);
  });
});
