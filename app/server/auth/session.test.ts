import { describe, expect, it } from "vitest";
import { clearSessionCookie, sessionCookie, tokenFromRequest } from "./session.server";

const TOKEN = "AbC_-0123456789xyzXYZ";
const withCookie = (cookie?: string) => new Request("http://localhost/admin", { headers: cookie ? { cookie } : {} });

describe("the session cookie", () => {
  it("is sent for the whole site, out of scripts' reach, same-site, for 14 days; Secure only over https", () => {
    expect(sessionCookie(TOKEN, { secure: false })).toBe(
      `salon_session=${TOKEN}; Path=/; HttpOnly; SameSite=Lax; Max-Age=1209600`,
    );
    expect(sessionCookie(TOKEN, { secure: true })).toBe(
      `salon_session=${TOKEN}; Path=/; HttpOnly; SameSite=Lax; Max-Age=1209600; Secure`,
    );
  });

  it("is cleared with the same attributes and no age", () => {
    expect(clearSessionCookie({ secure: false })).toBe("salon_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    expect(clearSessionCookie({ secure: true })).toBe(
      "salon_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure",
    );
  });

  it("is read from the request among other cookies; a look-alike name, a short or missing token is none", () => {
    expect(tokenFromRequest(withCookie(`salon_session=${TOKEN}`))).toBe(TOKEN);
    expect(tokenFromRequest(withCookie(`theme=dark; salon_session=${TOKEN}; lang=en`))).toBe(TOKEN);
    expect(tokenFromRequest(withCookie(`theme=dark;salon_session=${TOKEN}`))).toBe(TOKEN);
    expect(tokenFromRequest(withCookie(`old_salon_session=${TOKEN}`))).toBeNull();
    expect(tokenFromRequest(withCookie("salon_session=tooShort"))).toBeNull();
    expect(tokenFromRequest(withCookie("salon_session="))).toBeNull();
    expect(tokenFromRequest(withCookie("theme=dark"))).toBeNull();
    expect(tokenFromRequest(withCookie())).toBeNull();
  });
});
