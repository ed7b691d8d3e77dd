/**
 * A stranger's first hour, started the way the README says and not the way the other tests prefer:
 * `npm start`'s entry on an empty database, the data directory under a dot-folder (~/.salon), no
 * ADMIN_EMAIL, the server in a far time zone, and a browser's Accept-Encoding. The owner signs in
 * with what the console printed, and every image the home page asks for answers.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/server/auth/session.server";
import { startServer, type RunningServer } from "../../../scripts/bench/server-process";
import { ensureBuild } from "../../../scripts/ensure-build";
import { findAll } from "../../support/html-fragments";
import { createTestDatabase, testDialect, type TestDatabase } from "../../support/test-db";

const BROWSER_HEADERS = { "Accept-Encoding": "gzip, deflate, br, zstd", Accept: "text/html,*/*" };

/**
 * The images a browser asks for on a page: in each picture, the smallest candidate of its first
 * source (the format Chromium takes); each img outside a picture; the preloaded image. Resizing
 * every width and format of every page would cost the suite a minute and show nothing more: they
 * are all served the same way.
 */
// React writes the attribute as "srcSet"; HTML does not mind the case.
const srcsetOf = (element: { attrs: Record<string, string> }) => element.attrs.srcSet ?? element.attrs.srcset;

function imageUrls(html: string): string[] {
  const urls = new Set<string>();
  const first = (srcset = "") => srcset.split(",")[0]?.trim().split(/\s+/)[0];
  const pictures = html.match(/<picture[\s>][\s\S]*?<\/picture>/gi) ?? [];
  for (const picture of pictures) {
    const [source] = findAll(picture, "source");
    urls.add(source ? first(srcsetOf(source)) : findAll(picture, "img")[0]?.attrs.src);
  }
  const outside = pictures.reduce((rest, picture) => rest.replace(picture, ""), html);
  for (const img of findAll(outside, "img")) urls.add(img.attrs.src ?? first(srcsetOf(img)));
  for (const link of findAll(html, "link", { rel: "preload", as: "image" })) {
    urls.add(link.attrs.href ?? first(link.attrs.imageSrcSet ?? link.attrs.imagesrcset));
  }
  return [...urls].filter((u) => u && !u.startsWith("data:"));
}

describe(`a fresh install, started as the README says (${testDialect})`, () => {
  let home: string;
  let database: TestDatabase | undefined;
  let server: RunningServer;

  beforeAll(async () => {
    ensureBuild();
    home = fs.mkdtempSync(path.join(os.tmpdir(), "salon-home-"));
    // On PostgreSQL an empty database (no template: nothing seeded, no admin); on SQLite the
    // embedded database the server makes in its data directory.
    if (testDialect === "postgres") database = await createTestDatabase({ migrate: false });
    server = await startServer({
      entry: "scripts/start.ts",
      captureOutput: true,
      dataDir: path.join(home, ".salon"),
      env: { ADMIN_EMAIL: "", ADMIN_PASSWORD: "", DATABASE_URL: database?.url ?? "", TZ: "Pacific/Auckland" },
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await database?.destroy();
    fs.rmSync(home, { recursive: true, force: true });
  });

  it("signs in with the e-mail and password the console printed", async () => {
    const printed = server.output();
    expect(printed).toContain("First admin created. Sign in at /admin/login with:");
    const email = /e-mail:\s+(\S+)/.exec(printed)?.[1];
    const password = /password:\s+(\S+)/.exec(printed)?.[1];
    expect(email).toBe("admin@localhost");
    expect(password).toBeTruthy();

    const response = await fetch(`${server.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: email!, password: password! }),
    });
    expect(response.status, await response.clone().text()).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/dashboard");
    const session = response.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${SESSION_COOKIE}=`))
      ?.split(";")[0];
    expect(session).toBeTruthy();

    const dashboard = await fetch(`${server.url}/admin/dashboard`, {
      headers: { ...BROWSER_HEADERS, Cookie: session! },
      redirect: "manual",
    });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("admin@localhost");
  });

  it("every image the public pages ask for answers 200 from the data directory under a dot-folder", async () => {
    const urls = new Set<string>();
    const perPage = new Map<string, string>();
    for (const page of ["/", "/about", "/services", "/suites", "/contact"]) {
      const response = await fetch(`${server.url}${page}`, { headers: BROWSER_HEADERS });
      expect(response.status, page).toBe(200);
      const found = imageUrls(await response.text());
      found.forEach((u) => urls.add(u));
      perPage.set(page, found[0]);
    }
    expect(urls.size).toBeGreaterThan(10);

    // Images are files in the data directory whatever the database: on PostgreSQL one per page
    // (its first) shows the same path works, the SQLite run asks for all of them.
    const asked = testDialect === "sqlite" ? [...urls] : [...perPage.values()];
    for (const url of asked) {
      const response = await fetch(new URL(url, server.url), { headers: { ...BROWSER_HEADERS, Accept: "image/*" } });
      expect(response.status, url).toBe(200);
      expect(response.headers.get("content-type"), url).toMatch(/^image\//);
      expect(response.headers.get("cache-control"), url).toMatch(/max-age=\d{5,}/);
      await response.arrayBuffer();
    }
  }, 60_000);

  it("a missing image is a 404 the browser must not remember", async () => {
    for (const url of ["/_img/640/avif/media/no-such-file.jpg", "/media/no-such-file.jpg"]) {
      const response = await fetch(`${server.url}${url}`, { headers: BROWSER_HEADERS });
      expect(response.status, url).toBe(404);
      expect(response.headers.get("cache-control"), url).toBe("no-store");
    }
  });
});
