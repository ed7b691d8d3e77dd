import { expect, test } from "@playwright/test";
import { createSession, SESSION_COOKIE } from "~/server/auth/session.server";
import { upsertUser } from "~/server/auth/users.server";
import { startPrivateServer, type PrivateServer } from "./support/private-server";

/**
 * Public pages are kept rendered in memory: an editor's save in the admin must show on the very
 * next public request. (Nonces, themes and headers of cached pages are checked over HTTP:
 * tests/integration/http/platform.test.ts.) A server of its own, as the save changes what every
 * page shows.
 */
test.describe("the public page cache", () => {
  let server: PrivateServer;
  test.beforeAll(async () => {
    // Starting a server (migrations, seed, a production build booting) takes more than a test.
    test.setTimeout(90_000);
    server = await startPrivateServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("an editor's save shows on the very next request", async ({ request, page, context }) => {
    // Kept a moment after the first render, once compressed.
    await expect
      .poll(async () => (await request.get(`${server.baseURL}/contact`)).headers()["x-cache"], { intervals: [20] })
      .toBe("HIT");

    const { id } = await upsertUser(server.db, {
      email: "cache-admin@aurelia.test",
      password: "a-long-enough-password",
      role: "admin",
    });
    const token = await createSession(server.db, { userId: id, aal: "aal1", userAgent: "playwright", ip: "127.0.0.1" });
    await context.addCookies([
      { name: SESSION_COOKIE, value: token, url: server.baseURL, httpOnly: true, sameSite: "Lax" },
    ]);
    await page.goto(`${server.baseURL}/admin/settings`);
    await page.getByLabel("Note under the hours").fill("Open late on Thursdays for the holidays");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Business profile updated successfully")).toBeVisible();

    const after = await request.get(`${server.baseURL}/contact`);
    expect(after.headers()["x-cache"]).toBe("MISS");
    expect(await after.text()).toContain("Open late on Thursdays for the holidays");
  });
});
