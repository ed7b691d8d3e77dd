/**
 * Nobody can lock an account's owner out, over HTTP: wrong passwords and codes from other
 * addresses hold back those addresses only, the owner's right answers from a clean address sign
 * in, and the owner is shown the failed attempts (dashboard notice, Settings list). The server
 * trusts its loopback proxy, so each request names its client address in X-Forwarded-For.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_TIME_ZONE, formatDateTime } from "~/lib/dates";
import { SESSION_COOKIE } from "~/server/auth/session.server";
import { createPasswordLink, passwordLinkPath } from "~/server/auth/password-links.server";
import { confirmEnrolment, currentTotpCode, startEnrolment } from "~/server/auth/totp.server";
import { find, findAll, text } from "../../support/html-fragments";
import { testDialect } from "../../support/test-db";
import { OWNER, useTestServer } from "../../support/test-server";

const BROWSER = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 ${"x".repeat(100)}`;

describe(`sign-in throttle over HTTP (${testDialect})`, () => {
  // The real limits (five judged failures per account and address), not the raised ones of other test servers.
  const server = useTestServer({ env: { LOGIN_MAX_FAILURES: "5", TRUST_PROXY: "loopback" } });

  const post = (path: string, from: string, fields: Record<string, string>, cookie?: string) =>
    server().fetch(path, {
      method: "POST",
      cookie,
      headers: { "X-Forwarded-For": from, "User-Agent": BROWSER },
      body: new URLSearchParams(fields),
    });
  const login = (from: string, email: string, password: string) => post("/admin/login", from, { email, password });
  const sessionOf = (response: Response) => {
    const line = response.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`));
    return line ? line.split(";")[0] : undefined;
  };

  it("after five wrong passwords from one address that address is refused, and the right password from another signs in", async () => {
    for (let i = 0; i < 5; i++) {
      const wrong = await login("203.0.113.9", OWNER.email, `wrong-${i}`);
      expect(wrong.status, `guess ${i + 1}`).toBe(400);
    }
    const sameAddress = await login("203.0.113.9", OWNER.email, OWNER.password);
    expect(sameAddress.status).toBe(429);
    expect(Number(sameAddress.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await sameAddress.text()).toMatch(/Too many failed sign-in attempts\. Please wait \d+ (seconds|minutes)/);

    const owner = await login("198.51.100.77", OWNER.email, OWNER.password);
    expect(owner.status).toBe(302);
    expect(owner.headers.get("location")).toBe("/admin/dashboard");
    expect((await server().fetch("/admin/dashboard", { cookie: sessionOf(owner) })).status).toBe(200);
  });

  it("wrong passwords from 20 addresses, three rounds: the owner's right password from a clean address signs in at once", async () => {
    const user = await server().signIn("admin");
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 40; i++)
        statuses.push((await login(`192.0.2.${i}`, user.email, `guess-${round}-${i}`)).status);
    }
    // Each address's first guess is judged; its later ones wait for the account's gap, so most are refused unjudged.
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(35);
    const owner = await login("198.51.100.78", user.email, user.password);
    expect(owner.status).toBe(302);
    expect(owner.headers.get("location")).toBe("/admin/dashboard");
  }, 120_000);

  it("with two-factor: wrong codes from other addresses (by someone with the password) leave the owner's right password and code from a clean address working", async () => {
    const user = await server().signIn("editor");
    const { secret } = await startEnrolment(server().db, { userId: user.id, email: user.email });
    expect(await confirmEnrolment(server().db, user.id, currentTotpCode(secret))).toBe(true);

    const attacker = sessionOf(await login("203.0.113.50", user.email, user.password));
    expect(attacker).toBeDefined();
    const codes: number[] = [];
    for (const from of ["203.0.113.50", "203.0.113.51", "203.0.113.52"]) {
      for (let i = 0; i < 6; i++)
        codes.push((await post("/admin/login/verify", from, { code: "000000" }, attacker)).status);
    }
    expect(codes.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(codes[5]).toBe(429);

    const password = await login("198.51.100.79", user.email, user.password);
    expect(password.status).toBe(302);
    expect(password.headers.get("location")).toBe("/admin/login/verify");
    const cookie = sessionOf(password);
    const code = await post("/admin/login/verify", "198.51.100.79", { code: currentTotpCode(secret) }, cookie);
    expect(code.status).toBe(302);
    expect(code.headers.get("location")).toBe("/admin/dashboard");
    expect((await server().fetch("/admin/dashboard", { cookie })).status).toBe(200);
  });

  it(
    "the owner sees the failed attempts since their last sign-in on the dashboard, and all of them in Settings a page at a time",
    { timeout: 60_000 },
    async () => {
      const user = await server().signIn("admin");
      const signIn = async () => {
        const response = await login("198.51.100.80", user.email, user.password);
        expect(response.status).toBe(302);
        return sessionOf(response);
      };
      await signIn();
      for (let i = 1; i <= 25; i++)
        expect((await login(`203.0.113.${100 + i}`, user.email, "not-it")).status).toBe(400);
      // An unknown e-mail's failure is nobody's to see.
      expect((await login("203.0.113.99", "nobody@aurelia.test", "not-it")).status).toBe(400);

      const cookie = await signIn();
      const dashboard = await (await server().fetch("/admin/dashboard", { cookie })).text();
      const notice = find(dashboard, "section", { "data-testid": "failed-sign-ins-notice" });
      expect(text(notice)).toContain("25 failed sign-in attempts since your last sign-in.");
      expect(find(notice.inner, "a").attrs.href).toBe("/admin/settings#sign-in-attempts");

      const settings = await (await server().fetch("/admin/settings", { cookie })).text();
      const card = find(settings, "section", { "data-testid": "failed-sign-ins" });
      expect(card.attrs.id).toBe("sign-in-attempts");
      expect(text(card)).toContain("25 failed sign-in attempts since your last sign-in");
      const rows = findAll(card.inner, "tr").slice(1);
      expect(rows).toHaveLength(20);
      // Newest first: the address, what failed and the browser, shortened.
      const newest = findAll(rows[0].inner, "td").map(text);
      expect(newest[1]).toBe("203.0.113.125");
      expect(newest[2]).toBe("Wrong password");
      expect(newest[3]).toBe(BROWSER.slice(0, 120));
      const when = find(rows[0].inner, "time");
      expect(when.attrs.dateTime).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(text(when)).toBe(formatDateTime(when.attrs.dateTime, DEFAULT_TIME_ZONE));
      expect(find(card.inner, "a", { "aria-label": "Page 2" }).attrs.href).toBe(
        "/admin/settings?attempts=2#sign-in-attempts",
      );

      const second = await (await server().fetch("/admin/settings?attempts=2", { cookie })).text();
      const secondRows = findAll(find(second, "section", { "data-testid": "failed-sign-ins" }).inner, "tr").slice(1);
      expect(secondRows.map((row) => text(findAll(row.inner, "td")[1]))).toEqual([
        "203.0.113.105",
        "203.0.113.104",
        "203.0.113.103",
        "203.0.113.102",
        "203.0.113.101",
      ]);

      // Signed in once more with nothing failed since: the dashboard has no notice, Settings still lists them.
      const later = await signIn();
      const quiet = await (await server().fetch("/admin/dashboard", { cookie: later })).text();
      expect(quiet).not.toContain('data-testid="failed-sign-ins-notice"');
      const kept = await (await server().fetch("/admin/settings", { cookie: later })).text();
      expect(text(find(kept, "section", { "data-testid": "failed-sign-ins" }))).toContain(
        "0 failed sign-in attempts since your last sign-in",
      );
    },
  );

  describe("Forgot password and password links, per client (an IPv6 address counted by its /64)", () => {
    const open = (path: string, from: string) => server().fetch(path, { headers: { "X-Forwarded-For": from } });
    const madeUpToken = (i: number) => `guess${String(i).padStart(2, "0")}`.padEnd(43, "A");

    it("Forgot password from one /64, a new address each time: 10 answered alike, then told to wait; another /64 is answered", async () => {
      const statuses: number[] = [];
      for (let i = 1; i <= 10; i++) {
        const answer = await post("/admin/login/forgot", `2001:db8:5:6::${i}`, { email: `nobody-${i}@aurelia.test` });
        statuses.push(answer.status);
        expect(await answer.text()).toContain("If an account uses this e-mail address");
      }
      expect(statuses).toEqual(Array(10).fill(200));
      const refused = await post("/admin/login/forgot", "2001:db8:5:6:ffff::1", { email: OWNER.email });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.text()).toMatch(
        /Too many requests from your connection\. Please wait \d+ (seconds|minutes)/,
      );
      expect((await post("/admin/login/forgot", "2001:db8:5:7::1", { email: "nobody@aurelia.test" })).status).toBe(200);
    });

    it("set-password links that open nothing: 10 from one /64 (opened or posted), then 429; a real link never counts, and works from elsewhere", async () => {
      const user = await server().signIn("editor");
      const real = passwordLinkPath(await createPasswordLink(server().db, user.id, "reset"));
      for (let i = 0; i < 12; i++) expect((await open(real, "2001:db8:9:9::1")).status).toBe(200);

      const guesses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const from = `2001:db8:9:9::${100 + i}`;
        const path = `/admin/password/${madeUpToken(i)}`;
        const password = "a-long-enough-password";
        const answer = i % 2 ? await post(path, from, { password, confirm: password }) : await open(path, from);
        guesses.push(answer.status);
      }
      expect(guesses).toEqual(Array(10).fill(404));
      for (const answer of [
        await open(`/admin/password/${madeUpToken(10)}`, "2001:db8:9:9::200"),
        await post(real, "2001:db8:9:9::201", { password: "a-brand-new-password", confirm: "a-brand-new-password" }),
      ]) {
        expect(answer.status).toBe(429);
        expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await answer.text()).toMatch(
          /Too many requests from your connection\. Please wait \d+ (seconds|minutes)/,
        );
      }

      const elsewhere = "198.51.100.90";
      expect((await open(`/admin/password/${madeUpToken(11)}`, elsewhere)).status).toBe(404);
      const set = await post(real, elsewhere, { password: "a-brand-new-password", confirm: "a-brand-new-password" });
      expect(set.status).toBe(302);
      expect(set.headers.get("location")).toBe("/admin/dashboard");
    });
  });
});
