/**
 * Signing in to the admin and what the server refuses, over HTTP: the login form's answers
 * (statuses, cookies, messages, the throttle), the guard's redirect, two-factor sign-in, the
 * dashboard's counts and the role checks of settings.
 */
import { describe, expect, it } from "vitest";
import { currentTotpCode, confirmEnrolment, startEnrolment } from "~/server/auth/totp.server";
import { SESSION_COOKIE } from "~/server/auth/session.server";
import { testDialect } from "../../support/test-db";
import { find, text } from "../../support/html-fragments";
import { OWNER, useTestServer, type TestServer } from "../../support/test-server";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

/** The cookies of a response as "name=value" pairs (for the next request) and their full lines. */
function cookiesOf(response: Response) {
  const lines = response.headers.getSetCookie();
  const pairs = Object.fromEntries(
    lines.map((line) => line.split(";")[0].split("=")).map(([k, ...v]) => [k, v.join("=")]),
  );
  return { lines, pairs };
}

async function login(server: TestServer, email: string, password: string, extra: Record<string, string> = {}) {
  return server.fetch("/admin/login", { method: "POST", body: form({ email, password, ...extra }) });
}

describe(`admin sign-in over HTTP (${testDialect})`, () => {
  // The real sign-in throttle (five free failures), not the raised one of other test servers. Every
  // client here is 127.0.0.1, whose failures count too: the throttle's own test comes last.
  const server = useTestServer({ env: { LOGIN_MAX_FAILURES: "5" } });

  it("the right password starts a session (HttpOnly, SameSite=Lax) and goes to the dashboard", async () => {
    const page = await server().fetch("/admin/login");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Only authorised administrators may enter");

    const response = await login(server(), OWNER.email, OWNER.password);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/dashboard");
    const { lines, pairs } = cookiesOf(response);
    const session = lines.find((l) => l.startsWith(`${SESSION_COOKIE}=`));
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);

    // Signed in, the dashboard opens and the login page sends straight to it.
    const cookie = `${SESSION_COOKIE}=${pairs[SESSION_COOKIE]}`;
    expect((await server().fetch("/admin/dashboard", { cookie })).status).toBe(200);
    const again = await server().fetch("/admin/login", { cookie });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/admin/dashboard");
  });

  it("a wrong password and an unknown e-mail get the same generic answer and no session", async () => {
    for (const [email, password] of [
      [OWNER.email, "not-the-password"],
      ["nobody@aurelia.test", "whatever-it-is"],
    ]) {
      const response = await login(server(), email, password);
      expect(response.status, email).toBe(400);
      expect(await response.text(), email).toContain("Invalid email or password");
      expect(cookiesOf(response).pairs[SESSION_COOKIE], email).toBeUndefined();
    }
  });

  it("a user without a role is refused with 'You don't have admin access' and gets no session", async () => {
    const user = await server().signIn(null);
    const response = await login(server(), user.email, user.password);
    expect(response.status).toBe(403);
    // The apostrophe is HTML-escaped in the page.
    expect((await response.text()).replace(/&#x27;|&#39;/g, "'")).toContain("You don't have admin access");
    expect(cookiesOf(response).pairs[SESSION_COOKIE]).toBeUndefined();
    const dashboard = await server().fetch("/admin/dashboard", { cookie: user.cookie });
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.get("location")).toMatch(/^\/admin\/login/);
  });

  it("a signed-in editor whose role was taken away is signed out and told why on the login page", async () => {
    const editor = await server().signIn("editor");
    expect((await server().fetch("/admin/dashboard", { cookie: editor.cookie })).status).toBe(200);
    await server().db.deleteFrom("user_roles").where("user_id", "=", editor.id).execute();

    const response = await server().fetch("/admin/pages", { cookie: editor.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fpages");
    const { pairs } = cookiesOf(response);
    expect(pairs[SESSION_COOKIE]).toBe("");
    const flash = Object.entries(pairs).find(([name]) => name === "salon_flash");
    expect(flash?.[1]).toBeTruthy();

    const login = await server().fetch(response.headers.get("location")!, { cookie: `salon_flash=${flash![1]}` });
    const alert = find(await login.text(), "div", { role: "alert" });
    expect(text(alert).replace(/&#x27;|&#39;/g, "'")).toBe(
      "Access removed. Your account no longer has access to the admin. If this is a mistake, ask the salon's admin.",
    );
    // The old session is gone for good, not only its cookie.
    expect((await server().fetch("/admin/dashboard", { cookie: editor.cookie })).status).toBe(302);
  });

  it("an admin screen without a session redirects to the login page with redirectTo", async () => {
    const response = await server().fetch("/admin/settings");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fsettings");
  });

  it("two-factor: the password alone reaches no admin screen; a code is accepted once", async () => {
    const user = await server().signIn("editor");
    const { secret } = await startEnrolment(server().db, { userId: user.id, email: user.email });
    expect(await confirmEnrolment(server().db, user.id, currentTotpCode(secret))).toBe(true);

    const passwordOnly = async () => {
      const response = await login(server(), user.email, user.password);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/admin/login/verify");
      return `${SESSION_COOKIE}=${cookiesOf(response).pairs[SESSION_COOKIE]}`;
    };
    const verify = (cookie: string, code: string) =>
      server().fetch("/admin/login/verify", { method: "POST", cookie, body: form({ code }) });

    const cookie = await passwordOnly();
    for (const path of ["/admin/dashboard", "/admin/settings"]) {
      const response = await server().fetch(path, { cookie });
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toBe("/admin/login/verify");
    }
    const wrong = await verify(cookie, "000000");
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That code is not valid");

    const code = currentTotpCode(secret);
    const right = await verify(cookie, code);
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/admin/dashboard");
    expect((await server().fetch("/admin/dashboard", { cookie })).status).toBe(200);

    // Someone who saw that code (and knows the password) cannot use it again.
    const replay = await verify(await passwordOnly(), code);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain("That code is not valid");
  });

  it("the dashboard counts a new submission and the bell shows it unread", async () => {
    const count = async () => {
      const html = await (await server().fetch("/admin/dashboard", { as: "admin" })).text();
      const card = html.match(/data-testid="stat-form-submissions"[\s\S]*?data-stat-value="?[^>]*>(\d+)</);
      return { value: Number(card?.[1]), html };
    };
    const before = await count();
    expect(before.value).toBeGreaterThanOrEqual(0);
    const submitted = await server().fetch("/api/submit-form", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ formType: "Contact", name: "Dash Board", email: "dash@example.com" }),
    });
    expect(submitted.status).toBe(200);
    const after = await count();
    expect(after.value).toBe(before.value + 1);
    expect(after.html).toContain('data-testid="unread-count"');
    expect(after.html).toMatch(/aria-label="\d+ unread submissions?"/);
    expect(after.html).toContain('data-testid="recent-activity"');
  });

  it("settings: an editor gets no user management, and the server refuses an editor's create-user", async () => {
    const editor = await server().signIn("editor");
    const page = await (await server().fetch("/admin/settings", { cookie: editor.cookie })).text();
    expect(page).toContain("Business profile");
    expect(page).not.toContain('data-testid="users-section"');
    const admin = await (await server().fetch("/admin/settings", { as: "admin" })).text();
    expect(admin).toContain('data-testid="users-section"');

    const refused = await server().fetch("/admin/settings", {
      method: "POST",
      cookie: editor.cookie,
      body: form({ intent: "create-user", email: "sneaky@aurelia.test", role: "admin" }),
    });
    expect(refused.status).toBe(403);
    const created = await server()
      .db.selectFrom("users")
      .select("id")
      .where("email", "=", "sneaky@aurelia.test")
      .execute();
    expect(created).toHaveLength(0);
  });

  it("the last admin can neither lose the role nor be removed", async () => {
    const admin = await server().signIn("admin");
    // Every other admin becomes an editor: this one is the last.
    await server()
      .db.updateTable("user_roles")
      .set({ role: "editor" })
      .where("role", "=", "admin")
      .where("user_id", "!=", admin.id)
      .execute();
    const refusals: Record<string, string>[] = [
      { intent: "change-role", userId: String(admin.id), role: "editor" },
      { intent: "remove-user", userId: String(admin.id) },
    ];
    for (const fields of refusals) {
      const refused = await server().fetch("/admin/settings", {
        method: "POST",
        cookie: admin.cookie,
        body: form(fields),
      });
      expect(refused.status, fields.intent).toBe(400);
      expect(await refused.text(), fields.intent).toContain("The site needs at least one admin");
    }
    const role = await server()
      .db.selectFrom("user_roles")
      .select("role")
      .where("user_id", "=", admin.id)
      .executeTakeFirst();
    expect(role?.role).toBe("admin");
  });

  it("after five failures even the right password is refused with 429 and a clear message", async () => {
    // Earlier tests' failures (same client address) are forgotten: five from here on.
    await server().db.deleteFrom("login_attempts").execute();
    for (let i = 0; i < 5; i++) {
      const response = await login(server(), OWNER.email, `wrong-${i}`);
      expect(response.status, `attempt ${i + 1}`).toBe(400);
      expect(await response.text()).toContain("Invalid email or password");
    }
    const locked = await login(server(), OWNER.email, OWNER.password);
    expect(locked.status).toBe(429);
    expect(await locked.text()).toMatch(/Too many failed sign-in attempts\. Please wait \d+ (seconds|minutes)/);
    expect(cookiesOf(locked).pairs[SESSION_COOKIE]).toBeUndefined();
  });
});
