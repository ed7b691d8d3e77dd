/**
 * Every admin path of the route table refuses anyone who is not staff — no session, a session of a
 * user without a role, a forged token — for GET and POST alike, shows them nothing and changes
 * nothing. The paths come from the route table, so a new admin screen is covered at once.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { SESSION_COOKIE } from "~/server/auth/session.server";
import { testDialect } from "../../support/test-db";
import { OWNER, useTestServer } from "../../support/test-server";

/** Every admin path of the route table (params filled in). */
function adminPaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const full = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    const own = entry.path && full.startsWith("/admin") ? [full] : [];
    return [...own, ...adminPaths(entry.children ?? [], full)];
  });
}

/** Signing in, a forgotten password and the set-password link are for people not signed in. */
const PUBLIC_ADMIN_PATHS = new Set([
  "/admin/login",
  "/admin/login/verify",
  "/admin/login/forgot",
  "/admin/password/:token",
  "/admin/logout",
]);
const GUARDED = adminPaths(routes)
  .filter((p) => !PUBLIC_ADMIN_PATHS.has(p))
  .map((p) => p.replace(/:[a-zA-Z]+/g, "1").replace("*", "no-such-screen"));

/** What the admin never shows a stranger: the staff's addresses, data of the inbox or settings. */
function expectNothingLeaked(body: string) {
  expect(body).not.toContain(OWNER.email);
  expect(body).not.toContain("Form Submissions</h");
}

describe(`every admin route refuses anyone who is not staff (${testDialect})`, () => {
  const server = useTestServer();

  it("the route table has the admin screens this test guards", () => {
    expect(GUARDED).toEqual(expect.arrayContaining(["/admin/dashboard", "/admin/settings", "/admin/submissions/1"]));
  });

  for (const who of ["no session", "a session without a role", "a forged token"] as const) {
    it(`${who}: GET and POST on every admin path go to the login page and change nothing`, async () => {
      let cookie: string | undefined;
      let userId: number | null = null;
      if (who === "a session without a role") {
        const user = await server().signIn(null);
        userId = user.id;
        cookie = user.cookie;
      } else if (who === "a forged token") {
        cookie = `${SESSION_COOKIE}=${"A".repeat(43)}`;
      }

      for (const path of GUARDED) {
        for (const method of ["GET", "POST"] as const) {
          const response = await server().fetch(path, {
            method,
            cookie,
            ...(method === "POST"
              ? { body: new URLSearchParams({ intent: "delete", id: "1", title: "Hacked", role: "admin" }) }
              : {}),
          });
          const status = response.status;
          const location = response.headers.get("location") ?? "";
          const redirected = [301, 302, 303, 307, 308].includes(status);
          // /admin itself only forwards to the dashboard, which is guarded like every other screen.
          const refused =
            (redirected && location.startsWith("/admin/login")) ||
            (redirected && path === "/admin" && location === "/admin/dashboard") ||
            [401, 403, 405].includes(status);
          expect(refused, `${method} ${path} answered ${status} ${location}`).toBe(true);
          expectNothingLeaked(await response.text());
        }
      }

      const { db } = server();
      if (userId !== null) {
        // The role-less user's session is ended, and nothing was done in their name.
        const sessions = await db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute();
        expect(sessions).toHaveLength(0);
        const acts = await db.selectFrom("audit_log").select("id").where("user_id", "=", userId).execute();
        expect(acts).toHaveLength(0);
      }
      const slides = await db.selectFrom("hero_slides").select("id").where("title", "=", "Hacked").execute();
      expect(slides).toHaveLength(0);
    });
  }
});
