import { expect, test } from "@playwright/test";
import { createSession, SESSION_COOKIE } from "~/server/auth/session.server";
import { upsertUser } from "~/server/auth/users.server";
import { startPrivateServer, type PrivateServer } from "./support/private-server";

/**
 * Public pages are kept rendered in memory. What a visitor must never notice: a reused CSP nonce,
 * another theme's page, or yesterday's text after an editor saved.
 */
test.describe("the public page cache", () => {
  test.describe.configure({ mode: "serial" });
  let server: PrivateServer;
  test.beforeAll(async () => {
    server = await startPrivateServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  const nonceOf = (html: string) => /<script[^>]* nonce="([^"]+)"/.exec(html)?.[1];

  test("a repeat visit is served from memory with a fresh nonce that matches its CSP", async ({ request }) => {
    const first = await request.get(`${server.baseURL}/contact`);
    const second = await request.get(`${server.baseURL}/contact`);
    expect(second.headers()["x-cache"]).toBe("HIT");
    const [a, b] = [await first.text(), await second.text()];
    expect(nonceOf(a)).toBeTruthy();
    expect(nonceOf(b)).not.toBe(nonceOf(a));
    expect(second.headers()["content-security-policy"]).toContain(`'nonce-${nonceOf(b)}'`);
    expect(b.replaceAll(nonceOf(b)!, "N")).toBe(a.replaceAll(nonceOf(a)!, "N"));
  });

  test("each theme gets its own page", async ({ request }) => {
    await request.get(`${server.baseURL}/about`, { headers: { Cookie: "theme=dark" } });
    const dark = await request.get(`${server.baseURL}/about`, { headers: { Cookie: "theme=dark" } });
    const light = await request.get(`${server.baseURL}/about`, { headers: { Cookie: "theme=light" } });
    expect(dark.headers()["x-cache"]).toBe("HIT");
    expect(await dark.text()).toMatch(/<html[^>]*class="[^"]*dark/);
    expect(await light.text()).not.toMatch(/<html[^>]*class="[^"]*dark/);
  });

  test("an editor's save shows on the very next request", async ({ request, page, context }) => {
    await request.get(`${server.baseURL}/contact`);
    expect((await request.get(`${server.baseURL}/contact`)).headers()["x-cache"]).toBe("HIT");

    const { id } = await upsertUser(server.db, { email: "cache-admin@aurelia.test", password: "a-long-enough-password", role: "admin" });
    const token = await createSession(server.db, { userId: id, aal: "aal1", userAgent: "playwright", ip: "127.0.0.1" });
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url: server.baseURL, httpOnly: true, sameSite: "Lax" }]);
    await page.goto(`${server.baseURL}/admin/settings`);
    await page.getByLabel("Note under the hours").fill("Open late on Thursdays for the holidays");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Business profile updated successfully")).toBeVisible();

    const after = await request.get(`${server.baseURL}/contact`);
    expect(after.headers()["x-cache"]).toBe("MISS");
    expect(await after.text()).toContain("Open late on Thursdays for the holidays");
  });
});
