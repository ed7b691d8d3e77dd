import type { RouteConfigEntry } from "@react-router/dev/routes";
import { expect, test } from "@playwright/test";
import routes from "~/routes";
import { createSession, SESSION_COOKIE } from "~/server/auth/session.server";
import { createUser, OWNER, signIn } from "./support/auth";
import { e2eDb } from "./support/db";

/** Every admin path of the route table (params filled in), so a new admin screen is covered at once. */
function adminPaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const full = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    const own = entry.path && full.startsWith("/admin") ? [full] : [];
    return [...own, ...adminPaths(entry.children ?? [], full)];
  });
}

const PUBLIC_ADMIN_PATHS = new Set(["/admin/login", "/admin/login/verify", "/admin/logout"]);
const GUARDED = adminPaths(routes)
  .filter((p) => !PUBLIC_ADMIN_PATHS.has(p))
  .map((p) => p.replace(/:[a-zA-Z]+/g, "1").replace("*", "no-such-screen"));

/** What the admin never shows a stranger: the staff's addresses, data of the inbox or settings. */
function expectNothingLeaked(body: string) {
  expect(body).not.toContain(OWNER.email);
  expect(body).not.toContain("Form Submissions</h");
}

test.describe("every admin route refuses anyone who is not staff", () => {
  test("the route table has the admin screens this test guards", () => {
    expect(GUARDED).toEqual(expect.arrayContaining(["/admin/dashboard", "/admin/settings", "/admin/submissions/1"]));
  });

  for (const who of ["no session", "a session without a role", "a forged token"] as const) {
    test(`${who}: GET and POST on every admin path go to the login page and change nothing`, async ({
      playwright,
      baseURL,
    }) => {
      let cookie = "";
      let userId: number | null = null;
      if (who === "a session without a role") {
        const user = await createUser(null);
        userId = user.id;
        cookie = `${SESSION_COOKIE}=${await createSession(e2eDb(), { userId: user.id, aal: "aal1", userAgent: "guard", ip: "127.0.0.1" })}`;
      } else if (who === "a forged token") {
        cookie = `${SESSION_COOKIE}=${"A".repeat(43)}`;
      }
      const request = await playwright.request.newContext({
        baseURL,
        maxRedirects: 0,
        extraHTTPHeaders: { ...(cookie ? { Cookie: cookie } : {}), Origin: baseURL! },
      });

      for (const path of GUARDED) {
        for (const method of ["GET", "POST"] as const) {
          const response = await request.fetch(path, {
            method,
            ...(method === "POST" ? { form: { intent: "delete", id: "1", title: "Hacked", role: "admin" } } : {}),
          });
          const status = response.status();
          const location = response.headers()["location"] ?? "";
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

      if (userId !== null) {
        // The role-less user's session is ended, and nothing was done in their name.
        const sessions = await e2eDb().selectFrom("sessions").select("id").where("user_id", "=", userId).execute();
        expect(sessions).toHaveLength(0);
        const acts = await e2eDb().selectFrom("audit_log").select("id").where("user_id", "=", userId).execute();
        expect(acts).toHaveLength(0);
      }
      const slides = await e2eDb().selectFrom("hero_slides").select("id").where("title", "=", "Hacked").execute();
      expect(slides).toHaveLength(0);
      await request.dispose();
    });
  }
});

test("an unknown admin path shows a 404 inside the admin layout", async ({ page, context, baseURL }) => {
  await signIn(context, baseURL!);
  const response = await page.goto("/admin/no-such-screen");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation").getByRole("link", { name: "Dashboard" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
