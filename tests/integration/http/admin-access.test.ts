/**
 * Signing in to the admin and what the server refuses, over HTTP: the login form's answers
 * (statuses, cookies, messages, the throttle), the guard's redirect, two-factor sign-in, the
 * dashboard's counts and the role checks of settings.
 */
import http from "node:http";
import { describe, expect, it, vi } from "vitest";
import { addLocalDays, localDate, wallClockInstant } from "~/lib/booking/availability";
import { formatDateTime, formatInZone } from "~/lib/dates";
import { currentTotpCode, confirmEnrolment, startEnrolment } from "~/server/auth/totp.server";
import { SESSION_COOKIE } from "~/server/auth/session.server";
import { insertBookingRow } from "../../support/booking-rows";
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

  it("the dashboard counts a new message (this week, unanswered) with links to the inbox, and the bell shows it unread", async () => {
    const read = async () => {
      const html = await (await server().fetch("/admin/dashboard", { as: "admin" })).text();
      const card = (testId: string) => {
        const match = html.match(new RegExp(`<a[^>]*data-testid="${testId}"[\\s\\S]*?data-stat-value="?[^>]*>(\\d+)<`));
        return { value: Number(match?.[1]), href: match?.[0].match(/href="([^"]+)"/)?.[1].replaceAll("&amp;", "&") };
      };
      return {
        html,
        week: card("stat-new-this-week"),
        contactThisWeek: card("week-Contact"),
        unanswered: card("stat-unanswered-messages"),
        bookings: card("stat-booking-requests"),
      };
    };
    const before = await read();
    expect(before.week.value).toBeGreaterThanOrEqual(0);
    // The old figures an owner had no use for are gone.
    expect(before.html).not.toMatch(/Content Sections|>Images</);
    const submitted = await server().fetch("/api/submit-form", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ formType: "Contact", name: "Dash Board", email: "dash@example.com" }),
    });
    expect(submitted.status).toBe(200);
    const after = await read();
    expect(after.week.value).toBe(before.week.value + 1);
    expect(after.contactThisWeek.value).toBe(before.contactThisWeek.value + 1);
    expect(after.unanswered.value).toBe(before.unanswered.value + 1);
    expect(after.bookings.value).toBe(before.bookings.value);
    expect(after.unanswered.href).toBe("/admin/submissions?status=new&type=Contact");
    expect(after.bookings.href).toBe("/admin/bookings");
    expect(after.contactThisWeek.href).toBe("/admin/submissions?status=all&type=Contact");
    expect(after.html).toContain('data-testid="unread-count"');
    expect(after.html).toMatch(/aria-label="\d+ unread submissions?"/);
    expect(after.html).toContain('data-testid="recent-activity"');
  });

  it("the dashboard shows today's appointments (salon time) and the booking requests waiting, linking to /admin/bookings", async () => {
    const zone = "America/Chicago";
    const today = localDate(Date.now(), zone);
    const noon = new Date(wallClockInstant(today, 12 * 60, zone)!).toISOString();
    const nextWeek = new Date(wallClockInstant(addLocalDays(today, 7), 10 * 60, zone)!).toISOString();
    const at = new Date().toISOString();
    const booking = (first_name: string, starts_at: string, status: "requested" | "confirmed") =>
      insertBookingRow(server().db, {
        service: "lashes",
        option_name: "Lash Lift",
        duration_minutes: 60,
        starts_at,
        status,
        first_name,
        last_name: "Dashboard",
        email: "",
        phone: "",
        price: "",
        source: "online",
        created_at: at,
        updated_at: at,
      });
    await booking("Noor", noon, "confirmed");
    await booking("Wren", nextWeek, "requested");

    const html = await (await server().fetch("/admin/dashboard", { as: "editor" })).text();
    const todayList = text(find(html, "ol", { "data-testid": "today-appointments" }));
    expect(todayList).toContain(`${formatInZone(noon, zone, "h:mm a")}Noor Dashboard`);
    expect(todayList).toContain("ConfirmedLashes · Lash Lift · Any available");
    expect(todayList).not.toContain("Wren");
    const waiting = find(html, "ol", { "data-testid": "waiting-requests" });
    expect(text(waiting)).toContain(
      `Wren Dashboard${formatInZone(nextWeek, zone, "EEE, MMM d · h:mm a")} · Lashes · Lash Lift`,
    );
    expect(find(waiting.inner, "a").attrs.href).toBe("/admin/bookings");
    const card = find(html, "a", { "data-testid": "stat-booking-requests" });
    expect(card.attrs.href).toBe("/admin/bookings");
    expect(Number(text(find(card.inner, "span", { "data-stat-value": true })))).toBeGreaterThanOrEqual(1);
  });

  it("settings: an admin sets the salon's time zone (IANA only); the dates shown follow it", async () => {
    const admin = await server().signIn("admin");
    const setZone = (timeZone: string, cookie = admin.cookie) =>
      server().fetch("/admin/settings", { method: "POST", cookie, body: form({ intent: "time-zone", timeZone }) });
    const settings = await (await server().fetch("/admin/settings", { cookie: admin.cookie })).text();
    expect(settings).toMatch(/<option value="America\/Chicago" selected="">/);
    expect(settings).toContain('<option value="Pacific/Auckland">');

    // A message to look at: its date in the inbox is read on the salon's clocks.
    const email = `tz-${Date.now()}@example.com`;
    const submitted = await server().fetch("/api/submit-form", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ formType: "Contact", name: "Time Zone", email }),
    });
    expect(submitted.status).toBe(200);
    const shownDate = async () => {
      const html = await (await server().fetch(`/admin/submissions?q=${email}`, { cookie: admin.cookie })).text();
      const match = html.match(/<time dateTime="([^"]+)"[^>]*>([^<]+)<\/time>/i);
      return { iso: match?.[1] ?? "", label: match?.[2] ?? "" };
    };
    const before = await shownDate();
    expect(before.label).toBe(formatDateTime(before.iso, "America/Chicago"));

    const unknown = await setZone("Mars/Olympus_Mons");
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Choose a time zone from the list");
    const editor = await server().signIn("editor");
    expect((await setZone("Pacific/Auckland", editor.cookie)).status).toBe(403);
    expect(await shownDate()).toEqual(before);

    try {
      const saved = await setZone("Pacific/Auckland");
      expect(saved.status).toBe(200);
      expect(await saved.text()).toContain("Time zone updated successfully");
      const after = await shownDate();
      expect(after.label).toBe(formatDateTime(before.iso, "Pacific/Auckland"));
      expect(after.label).not.toBe(before.label);
      const dashboard = await (await server().fetch("/admin/dashboard", { cookie: admin.cookie })).text();
      expect(dashboard).toContain("set the time zone to Pacific/Auckland");
    } finally {
      expect((await setZone("America/Chicago")).status).toBe(200);
    }
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

  it("an oversized body to an admin form, even the anonymous sign-in, gets 413 before it is read", async () => {
    // Declares 600 MB and sends 1 KB: the answer must come without waiting for (or buffering) the rest.
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${server().url}/admin/login`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(600 * 1024 * 1024),
          Origin: server().url,
        },
      });
      request.on("response", (response) => {
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on("error", reject);
      request.write("email=" + "x".repeat(1024));
    });
    expect(status).toBe(413);
    const big = await server().fetch("/admin/settings", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `intent=profile&hours_note=${"x".repeat(300 * 1024)}`,
      as: "admin",
    });
    expect(big.status).toBe(413);
    expect((await big.json()).error).toBe("The request is too large (limit 256 KB).");
  });

  it("behind an https proxy it was not told to trust, a refused form says to set TRUST_PROXY", async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${server().url}/admin/login`, {
        method: "POST",
        headers: {
          Host: "salon.example",
          "X-Forwarded-Proto": "https",
          Origin: "https://salon.example",
          "Content-Type": "application/x-www-form-urlencoded",
        },
      });
      request.on("response", (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on("error", reject);
      request.end(form({ email: OWNER.email, password: OWNER.password }).toString());
    });
    expect(status).toBe(403);
    expect(body).toContain("TRUST_PROXY");
    expect(body).toContain("PUBLIC_URL");
    // A real cross-site post keeps the short answer.
    const evil = await server().fetch("/admin/login", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: form({ email: OWNER.email, password: OWNER.password }),
    });
    expect(evil.status).toBe(403);
    expect(await evil.text()).toBe("Cross-site request refused");
  });

  it("a broken multipart body to any admin action gets 400 with a message, not a 500", async () => {
    const { cookie } = await server().signIn("admin");
    for (const path of [
      "/admin/settings",
      "/admin/edit/home",
      "/admin/edit/service/hair",
      "/admin/hero-slides",
      "/admin/hero-slides/new",
      "/admin/media",
      "/admin/submissions",
    ]) {
      const response = await server().fetch(path, {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
        body: '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave',
        cookie,
      });
      expect(response.status, path).toBe(400);
      expect(await response.text(), path).toContain("The form could not be read");
    }
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

  describe("invitations and password resets by e-mail", () => {
    /** The set-password link in the newest mail to an address ("Forgot password?" queues it after answering). */
    async function linkMailedTo(email: string): Promise<string> {
      const mail = await vi.waitFor(
        () =>
          server()
            .db.selectFrom("mail_outbox")
            .select("text_body")
            .where("to_address", "=", email)
            .orderBy("id", "desc")
            .executeTakeFirstOrThrow(),
        { timeout: 5_000, interval: 50 },
      );
      return new URL(mail.text_body!.match(/https?:\/\/\S+\/admin\/password\/[\w-]{43}/)![0]).pathname;
    }
    const forgot = (email: string) => server().fetch("/admin/login/forgot", { method: "POST", body: form({ email }) });
    const setPassword = (path: string, password: string, confirm = password, cookie?: string) =>
      server().fetch(path, { method: "POST", cookie, body: form({ password, confirm }) });

    it("the sign-in page links to Forgot password; an unknown address gets the very answer a staff member's does", async () => {
      expect(await (await server().fetch("/admin/login")).text()).toContain('href="/admin/login/forgot"');
      const user = await server().signIn("editor");
      const known = await forgot(user.email);
      const unknown = await forgot("nobody-here@aurelia.test");
      expect(unknown.status).toBe(200);
      expect(known.status).toBe(200);
      const answer = (html: string) => text(find(html, "div", { role: "status" }));
      expect(answer(await unknown.text())).toBe(answer(await known.text()));
      expect(answer(await (await forgot(user.email)).text())).toContain("If an account uses this e-mail address");
    });

    it("a reset link: mismatched passwords are refused, the right ones sign in and end other sessions; the link then says it was used, a changed one that it is not valid", async () => {
      const user = await server().signIn("editor");
      await forgot(user.email);
      const path = await linkMailedTo(user.email);
      const page = await server().fetch(path);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("no-store");
      expect(await page.text()).toContain(user.email);

      const mismatch = await setPassword(path, "a-brand-new-password", "another-new-password");
      expect(mismatch.status).toBe(400);
      expect(await mismatch.text()).toContain("The passwords do not match");
      const short = await setPassword(path, "short");
      expect(await short.text()).toContain("Use at least 10 characters");

      const done = await setPassword(path, "a-brand-new-password");
      expect(done.status).toBe(302);
      expect(done.headers.get("location")).toBe("/admin/dashboard");
      const cookie = `${SESSION_COOKIE}=${cookiesOf(done).pairs[SESSION_COOKIE]}`;
      expect((await server().fetch("/admin/dashboard", { cookie })).status).toBe(200);
      expect((await server().fetch("/admin/dashboard", { cookie: user.cookie })).status).toBe(302);
      expect((await login(server(), user.email, "a-brand-new-password")).status).toBe(302);

      const again = await server().fetch(path);
      expect(again.status).toBe(410);
      expect(await again.text()).toContain("This link has already been used.");
      expect((await setPassword(path, "yet-another-password")).status).toBe(410);
      const token = path.split("/").at(-1)!;
      const changed = `/admin/password/${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
      const tampered = await server().fetch(changed);
      expect(tampered.status).toBe(404);
      expect(await tampered.text()).toContain("This link is not valid.");
      expect((await server().fetch("/admin/password/not-a-token")).status).toBe(404);
    });

    it("with two-factor on, a reset still asks for the code", async () => {
      const user = await server().signIn("editor");
      const { secret } = await startEnrolment(server().db, { userId: user.id, email: user.email });
      expect(await confirmEnrolment(server().db, user.id, currentTotpCode(secret))).toBe(true);
      await forgot(user.email);
      const done = await setPassword(await linkMailedTo(user.email), "a-brand-new-password");
      expect(done.status).toBe(302);
      expect(done.headers.get("location")).toBe("/admin/login/verify");
      const cookie = `${SESSION_COOKIE}=${cookiesOf(done).pairs[SESSION_COOKIE]}`;
      expect((await server().fetch("/admin/dashboard", { cookie })).headers.get("location")).toBe(
        "/admin/login/verify",
      );
    });

    it("an admin's invitation: no password on screen, the e-mailed link sets one and signs the new editor in", async () => {
      const email = `invited-${Date.now()}@aurelia.test`;
      const invited = await server().fetch("/admin/settings", {
        method: "POST",
        as: "admin",
        body: form({ intent: "create-user", email, role: "editor" }),
      });
      expect(invited.status).toBe(200);
      const reply = await invited.text();
      expect(reply).toContain(`Invitation sent to ${email}`);
      expect(reply).not.toContain("Password for the new user");
      const settings = await (await server().fetch("/admin/settings", { as: "admin" })).text();
      expect(settings).toContain(`Resend the invitation to ${email}`);

      const path = await linkMailedTo(email);
      expect(await (await server().fetch(path)).text()).toContain("Welcome");
      const done = await setPassword(path, "my-own-new-password");
      expect(done.headers.get("location")).toBe("/admin/dashboard");
      const cookie = `${SESSION_COOKIE}=${cookiesOf(done).pairs[SESSION_COOKIE]}`;
      expect((await server().fetch("/admin/settings", { cookie })).status).toBe(200);
    });
  });

  it("after five failures from one address even the right password from there is refused with 429 and a clear message", async () => {
    // Earlier tests' failures (same client address) are forgotten: five from here on. Another
    // address is not refused (tests/integration/http/sign-in-throttle.test.ts).
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
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it(
    "100 wrong passwords sent at once: five are checked, the rest get 429 with Retry-After",
    { timeout: 60_000 },
    async () => {
      await server().db.deleteFrom("login_attempts").execute();
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, i) => login(server(), OWNER.email, `guess-${i}`)),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 400)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(95);
      for (const response of responses.filter((r) => r.status === 429))
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      await Promise.all(responses.map((r) => r.arrayBuffer()));
    },
  );
});
