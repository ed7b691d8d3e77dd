import sharp from "sharp";
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { SESSION_COOKIE } from "~/server/auth/session.server";
import { OWNER, signIn } from "./support/auth";
import { startPrivateServer, type PrivateServer } from "./support/private-server";

/**
 * Security sweep (issue 8): the strict headers on every kind of response the server gives, HSTS
 * only when the site is served over https, and the flags of the cookies it sets.
 */

function directives(csp: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of csp.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}

/** The headers every response must carry; returns the CSP's script nonce. */
function expectStrictHeaders(response: APIResponse, label: string): string {
  const headers = response.headers();
  const csp = headers["content-security-policy"];
  expect(csp, `${label}: Content-Security-Policy`).toBeTruthy();
  const policy = directives(csp);
  const scriptSrc = policy.get("script-src") ?? policy.get("default-src") ?? [];
  expect(scriptSrc, `${label}: script-src must not allow inline scripts`).not.toContain("'unsafe-inline'");
  expect(scriptSrc, `${label}: script-src must not allow eval`).not.toContain("'unsafe-eval'");
  expect(policy.get("frame-ancestors"), `${label}: frame-ancestors`).toEqual(["'none'"]);
  // Exactly once: a route that set it again would send "nosniff, nosniff".
  expect(headers["x-content-type-options"], `${label}: X-Content-Type-Options`).toBe("nosniff");
  expect(headers["referrer-policy"], `${label}: Referrer-Policy`).toBe("strict-origin-when-cross-origin");
  expect(headers["x-powered-by"], `${label}: X-Powered-By`).toBeUndefined();
  // Uploaded files get a stricter policy still: no scripts at all, sandboxed.
  if (!policy.has("script-src") && policy.get("default-src")?.join(" ") === "'none'") {
    expect(policy.has("sandbox"), `${label}: sandbox`).toBe(true);
    return "";
  }
  const nonce = scriptSrc.find((v) => /^'nonce-[A-Za-z0-9+/=_-]{16,}'$/.test(v));
  expect(nonce, `${label}: script-src carries a nonce`).toBeTruthy();
  expect(policy.get("object-src"), `${label}: object-src`).toEqual(["'none'"]);
  return nonce!.slice("'nonce-".length, -1);
}

/** Every inline script of a page carries this response's nonce (else the page itself would break). */
function expectScriptsNonced(html: string, nonce: string, label: string) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]);
  expect(scripts.length, `${label}: has scripts`).toBeGreaterThan(0);
  for (const attributes of scripts) {
    if (/\bsrc=/.test(attributes)) continue;
    expect(attributes, `${label}: inline <script${attributes}>`).toContain(`nonce="${nonce}"`);
  }
}

interface Case {
  label: string;
  fetch: (request: APIRequestContext, baseURL: string) => Promise<APIResponse>;
  status: number | ((s: number) => boolean);
  html?: boolean;
}

const noRedirect = { maxRedirects: 0 };

const CASES: Case[] = [
  { label: "public page /", fetch: (r) => r.get("/", noRedirect), status: 200, html: true },
  { label: "public page /contact", fetch: (r) => r.get("/contact", noRedirect), status: 200, html: true },
  { label: "resource /robots.txt", fetch: (r) => r.get("/robots.txt", noRedirect), status: 200 },
  { label: "resource /sitemap.xml", fetch: (r) => r.get("/sitemap.xml", noRedirect), status: 200 },
  { label: "resource /healthz", fetch: (r) => r.get("/healthz", noRedirect), status: 200 },
  {
    label: "/api/submit-form error",
    fetch: (r, base) =>
      r.post("/api/submit-form", { headers: { Origin: base }, data: { formType: "Nope" }, ...noRedirect }),
    status: 400,
  },
  {
    label: "/api/submit-form GET",
    fetch: (r) => r.get("/api/submit-form", noRedirect),
    status: 405,
  },
  {
    label: "cross-origin POST refused",
    fetch: (r) => r.post("/api/submit-form", { headers: { Origin: "https://evil.example" }, data: {}, ...noRedirect }),
    status: 403,
  },
  {
    label: "oversize POST refused",
    fetch: (r, base) =>
      r.post("/api/submit-form", {
        headers: { Origin: base, "Content-Type": "application/json" },
        data: "x".repeat(70_000),
        ...noRedirect,
      }),
    status: 413,
  },
  { label: "404 page", fetch: (r) => r.get("/no-such-page-anywhere", noRedirect), status: 404, html: true },
  { label: "unknown /_img", fetch: (r) => r.get("/_img/1/png/nothing", noRedirect), status: 404 },
  { label: "unknown /media file", fetch: (r) => r.get("/media/2020/01/nothing.jpg", noRedirect), status: 404 },
  {
    label: "redirect: /admin signed out",
    fetch: (r) => r.get("/admin/dashboard", noRedirect),
    status: (s) => s >= 300 && s < 400,
  },
  {
    label: "redirect: theme switch",
    fetch: (r, base) =>
      r.post("/theme", { headers: { Origin: base }, form: { theme: "dark", redirectTo: "/about" }, ...noRedirect }),
    status: (s) => s >= 300 && s < 400,
  },
  { label: "admin login page", fetch: (r) => r.get("/admin/login", noRedirect), status: 200, html: true },
];

test.describe("headers on every response type", () => {
  for (const c of CASES) {
    test(c.label, async ({ request, baseURL }) => {
      const response = await c.fetch(request, baseURL!);
      if (typeof c.status === "number") expect(response.status(), await response.text()).toBe(c.status);
      else expect(c.status(response.status()), `status ${response.status()}`).toBe(true);
      const nonce = expectStrictHeaders(response, c.label);
      // Served over http: no HSTS (a browser would ignore it anyway, and a test site must not pin itself).
      expect(response.headers()["strict-transport-security"]).toBeUndefined();
      if (c.html) expectScriptsNonced(await response.text(), nonce, c.label);
    });
  }

  test("a fresh nonce on every response, cached pages included", async ({ request }) => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await request.get("/services");
      const nonce = expectStrictHeaders(response, "/services");
      expectScriptsNonced(await response.text(), nonce, "/services");
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
  });

  test("an image variant, a media upload and its variant, and the signed-in admin", async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!, "editor");
    const html = await (await page.request.get("/")).text();
    const variant = html.match(/\/_img\/\d+\/[a-z]+\/[^"'\s,]+/)?.[0];
    expect(variant, "the home page uses /_img variants").toBeTruthy();
    const img = await page.request.get(variant!.replace(/&amp;/g, "&"));
    expect(img.status()).toBe(200);
    expect(img.headers()["content-type"]).toMatch(/^image\//);
    expectStrictHeaders(img, "/_img variant");

    const upload = await page.request.post("/admin/media/upload", {
      headers: { Origin: baseURL! },
      multipart: {
        file: {
          name: "headers-check.png",
          mimeType: "image/png",
          buffer: await sharp({ create: { width: 32, height: 32, channels: 3, background: "#a0c" } })
            .png()
            .toBuffer(),
        },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    expectStrictHeaders(upload, "upload JSON");
    const { image } = (await upload.json()) as { image: { url: string } };
    const media = await page.request.get(image.url);
    expect(media.status()).toBe(200);
    expectStrictHeaders(media, "/media file");
    expect(media.headers()["content-type"]).toMatch(/^image\/png/);

    const admin = await page.request.get("/admin/dashboard", noRedirect);
    expect(admin.status()).toBe(200);
    const nonce = expectStrictHeaders(admin, "admin dashboard");
    expectScriptsNonced(await admin.text(), nonce, "admin dashboard");
    expect(admin.headers()["cache-control"] ?? "", "admin pages are not cached by shared caches").not.toMatch(/public/);

    const csv = await page.request.get("/admin/export/submissions.csv");
    expect(csv.status()).toBe(200);
    expectStrictHeaders(csv, "CSV export");
  });

  test("static assets are not sniffed", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = html.match(/\/(?:assets|enhance)\/[^"']+\.js/)?.[0];
    expect(asset, "the page loads a script").toBeTruthy();
    const response = await request.get(asset!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/javascript/);
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("the theme switch never redirects to another site", async ({ request, baseURL }) => {
    for (const redirectTo of [
      "//evil.example/",
      "/\\evil.example/",
      "https://evil.example/",
      "/\t/evil.example",
      "javascript:alert(1)",
    ]) {
      const response = await request.post("/theme", {
        headers: { Origin: baseURL! },
        form: { theme: "dark", redirectTo },
        ...noRedirect,
      });
      expect(response.status()).toBe(302);
      const location = new URL(response.headers()["location"], baseURL);
      expect(location.origin, `redirectTo ${JSON.stringify(redirectTo)} → ${response.headers()["location"]}`).toBe(
        new URL(baseURL!).origin,
      );
    }
  });
});

test.describe("cookie flags over http", () => {
  test("session cookie HttpOnly, SameSite=Lax, Path=/, not Secure; theme cookie SameSite", async ({
    request,
    baseURL,
  }) => {
    const login = await request.post("/admin/login", {
      headers: { Origin: baseURL! },
      form: { email: OWNER.email, password: OWNER.password },
      ...noRedirect,
    });
    expect(login.status()).toBe(302);
    const session = cookie(login, SESSION_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/", secure: false });

    const theme = await request.post("/theme", {
      headers: { Origin: baseURL! },
      form: { theme: "dark" },
      ...noRedirect,
    });
    expect(cookie(theme, "theme")).toMatchObject({ sameSite: "lax", path: "/", secure: false });
  });
});

function cookie(response: APIResponse, name: string) {
  const line = response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value)
    .find((v) => v.startsWith(`${name}=`));
  expect(line, `Set-Cookie ${name}`).toBeTruthy();
  const attributes = line!.split(";").map((p) => p.trim());
  const attr = (key: string) => attributes.find((a) => a.toLowerCase().startsWith(key.toLowerCase()));
  return {
    raw: line!,
    httpOnly: !!attr("HttpOnly"),
    secure: attributes.some((a) => a.toLowerCase() === "secure"),
    sameSite: attr("SameSite=")?.split("=")[1]?.toLowerCase(),
    path: attr("Path=")?.split("=")[1],
  };
}

test.describe("served over https (PUBLIC_URL https://…)", () => {
  test.describe.configure({ mode: "serial" });
  let server: PrivateServer;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    server = await startPrivateServer(async () => {}, { env: { PUBLIC_URL: "https://salon.example" } });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("HSTS on pages, resources, errors and redirects; upgrade-insecure-requests", async ({ request }) => {
    const base = server.baseURL;
    const responses: [string, APIResponse][] = [
      ["/", await request.get(`${base}/`)],
      ["/robots.txt", await request.get(`${base}/robots.txt`)],
      ["404", await request.get(`${base}/no-such-page`)],
      ["api error", await request.post(`${base}/api/submit-form`, { headers: { Origin: base }, data: {} })],
      ["redirect", await request.get(`${base}/admin/dashboard`, noRedirect)],
    ];
    for (const [label, response] of responses) {
      expectStrictHeaders(response, label);
      const hsts = response.headers()["strict-transport-security"];
      expect(hsts, `${label}: HSTS`).toBeTruthy();
      expect(
        Number(hsts.match(/max-age=(\d+)/)?.[1]),
        `${label}: HSTS max-age of at least a year`,
      ).toBeGreaterThanOrEqual(31_536_000);
      expect(directives(response.headers()["content-security-policy"]).has("upgrade-insecure-requests")).toBe(true);
    }
  });

  test("session cookie HttpOnly, SameSite=Lax, Path=/ and Secure; theme cookie Secure and SameSite", async ({
    request,
  }) => {
    const base = server.baseURL;
    const login = await request.post(`${base}/admin/login`, {
      headers: { Origin: base },
      form: { email: OWNER.email, password: OWNER.password },
      ...noRedirect,
    });
    expect(login.status(), await login.text()).toBe(302);
    expect(cookie(login, SESSION_COOKIE)).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/", secure: true });

    const theme = await request.post(`${base}/theme`, {
      headers: { Origin: base },
      form: { theme: "dark" },
      ...noRedirect,
    });
    expect(cookie(theme, "theme")).toMatchObject({ sameSite: "lax", path: "/", secure: true });

    const logout = await request.post(`${base}/admin/logout`, {
      headers: {
        Origin: base,
        Cookie: `${SESSION_COOKIE}=${cookie(login, SESSION_COOKIE).raw.split(";")[0].split("=")[1]}`,
      },
      form: { scope: "local" },
      ...noRedirect,
    });
    expect(logout.status()).toBeLessThan(400);
    const cleared = cookie(logout, SESSION_COOKIE);
    expect(cleared).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/", secure: true });
  });
});
