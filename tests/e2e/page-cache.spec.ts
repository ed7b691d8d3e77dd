import http from "node:http";
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

  test("without compression a hit is answered before Express: same page, same headers, its own nonce", async ({
    request,
  }) => {
    // Playwright's request client always asks for gzip; a bare Node request asks for nothing.
    const bare = (path: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        http
          .get(`${server.baseURL}${path}`, { headers: { Accept: "text/html" } }, (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (chunk) => (body += chunk));
            res.on("end", () => resolve({ headers: res.headers, body }));
          })
          .on("error", reject);
      });
    const viaExpress = await request.get(`${server.baseURL}/services`);
    const first = await bare("/services");
    const second = await bare("/services");
    expect(first.headers["x-cache"]).toBe("HIT");
    expect(first.headers["content-encoding"]).toBeUndefined();
    for (const name of [
      "content-type",
      "cache-control",
      "x-content-type-options",
      "x-frame-options",
      "referrer-policy",
      "cross-origin-opener-policy",
      "permissions-policy",
    ]) {
      expect(first.headers[name], name).toBe(viaExpress.headers()[name]);
    }
    const [a, b] = [nonceOf(first.body), nonceOf(second.body)];
    const express = await viaExpress.text();
    const withoutNonce = (csp: string | undefined, nonce: string) => csp?.replace(nonce, "N");
    expect(withoutNonce(String(first.headers["content-security-policy"]), a!)).toBe(
      withoutNonce(viaExpress.headers()["content-security-policy"], nonceOf(express)!),
    );
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
    expect(first.headers["content-security-policy"]).toContain(`'nonce-${a}'`);
    expect(Buffer.byteLength(first.body)).toBe(Number(first.headers["content-length"]));
    expect(first.body.replaceAll(a!, "N")).toBe(express.replaceAll(nonceOf(express)!, "N"));
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
