/**
 * The strict security headers on every kind of response the server gives, HSTS only when the site
 * is served over https, and the flags of the cookies it sets.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { WEB_FONTS_HEAD_SCRIPT } from "~/lib/web-fonts";
import { SESSION_COOKIE } from "~/server/auth/session.server";
import { testDialect } from "../../support/test-db";
import { OWNER, useTestServer, type TestServer } from "../../support/test-server";

function directives(csp: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of csp.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}

/** The CSP source of an inline script's text. */
const sha256Source = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

/**
 * The headers every response must carry; returns the CSP's script nonce, or null when scripts may
 * come only from our origin and the one hashed inline script, the web fonts' switch (a public
 * page, the same bytes for everyone), or not at all (a sandboxed answer).
 */
function expectStrictHeaders(response: Response, label: string): string | null {
  const csp = response.headers.get("content-security-policy");
  expect(csp, `${label}: Content-Security-Policy`).toBeTruthy();
  // Exactly one policy: two headers (fetch joins them with ", ") would both be enforced.
  expect(csp!.split(", default-src"), `${label}: one Content-Security-Policy header`).toHaveLength(1);
  const policy = directives(csp!);
  const scriptSrc = policy.get("script-src") ?? policy.get("default-src") ?? [];
  expect(scriptSrc, `${label}: script-src must not allow inline scripts`).not.toContain("'unsafe-inline'");
  expect(scriptSrc, `${label}: script-src must not allow eval`).not.toContain("'unsafe-eval'");
  expect(policy.get("frame-ancestors"), `${label}: frame-ancestors`).toEqual(["'none'"]);
  // Exactly once: a route that set it again would send "nosniff, nosniff".
  expect(response.headers.get("x-content-type-options"), `${label}: X-Content-Type-Options`).toBe("nosniff");
  expect(response.headers.get("referrer-policy"), `${label}: Referrer-Policy`).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("x-powered-by"), `${label}: X-Powered-By`).toBeNull();
  // Uploaded files and JSON answers get a stricter policy still: no scripts at all, sandboxed.
  if (!policy.has("script-src") && policy.get("default-src")?.join(" ") === "'none'") {
    expect(policy.has("sandbox"), `${label}: sandbox`).toBe(true);
    return null;
  }
  expect(policy.get("object-src"), `${label}: object-src`).toEqual(["'none'"]);
  const nonce = scriptSrc.find((v) => /^'nonce-[A-Za-z0-9+/=_-]{16,}'$/.test(v));
  if (!nonce) {
    expect(scriptSrc, `${label}: script-src without a nonce is our origin and the web fonts' switch`).toEqual([
      "'self'",
      sha256Source(WEB_FONTS_HEAD_SCRIPT),
    ]);
    return null;
  }
  return nonce.slice("'nonce-".length, -1);
}

/**
 * A page's scripts will run: each inline script carries this response's nonce (else the page
 * itself would break), and on a page without a nonce the only inline script is the web fonts'
 * switch, which its hash allows. JSON-LD blocks are data, not scripts, and need neither.
 */
function expectScriptsNonced(html: string, nonce: string | null, label: string) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map((m) => ({
    attributes: m[1],
    text: m[2],
  }));
  expect(scripts.length, `${label}: has scripts`).toBeGreaterThan(0);
  for (const { attributes, text } of scripts) {
    if (/\bsrc=/.test(attributes) || /type="application\/ld\+json"/.test(attributes)) continue;
    if (nonce === null) {
      expect(text, `${label}: the one inline script of a page without a nonce`).toBe(WEB_FONTS_HEAD_SCRIPT);
      continue;
    }
    expect(attributes, `${label}: inline <script${attributes}>`).toContain(`nonce="${nonce}"`);
  }
}

/** The flags of the Set-Cookie line for one cookie. */
function cookie(response: Response, name: string) {
  const line = response.headers.getSetCookie().find((v) => v.startsWith(`${name}=`));
  expect(line, `Set-Cookie ${name}`).toBeTruthy();
  const attributes = line!.split(";").map((p) => p.trim());
  const attr = (key: string) => attributes.find((a) => a.toLowerCase().startsWith(key.toLowerCase()));
  return {
    value: attributes[0].slice(name.length + 1),
    httpOnly: !!attr("HttpOnly"),
    secure: attributes.some((a) => a.toLowerCase() === "secure"),
    sameSite: attr("SameSite=")?.split("=")[1]?.toLowerCase(),
    path: attr("Path=")?.split("=")[1],
  };
}

const form = (fields: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields),
});
const json = (body: string): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body,
});

interface Case {
  label: string;
  fetch: (server: TestServer) => Promise<Response>;
  status: number | ((s: number) => boolean);
  html?: boolean;
}

const isRedirect = (s: number) => s >= 300 && s < 400;

const CASES: Case[] = [
  { label: "public page /", fetch: (s) => s.fetch("/"), status: 200, html: true },
  { label: "public page /contact", fetch: (s) => s.fetch("/contact"), status: 200, html: true },
  { label: "resource /robots.txt", fetch: (s) => s.fetch("/robots.txt"), status: 200 },
  { label: "resource /sitemap.xml", fetch: (s) => s.fetch("/sitemap.xml"), status: 200 },
  { label: "resource /healthz", fetch: (s) => s.fetch("/healthz"), status: 200 },
  {
    label: "/api/submit-form error",
    fetch: (s) => s.fetch("/api/submit-form", json(JSON.stringify({ formType: "Nope" }))),
    status: 400,
  },
  { label: "/api/submit-form GET", fetch: (s) => s.fetch("/api/submit-form"), status: 405 },
  {
    label: "cross-origin POST refused",
    fetch: (s) =>
      s.fetch("/api/submit-form", {
        ...json("{}"),
        headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      }),
    status: 403,
  },
  {
    label: "oversize POST refused",
    fetch: (s) => s.fetch("/api/submit-form", json("x".repeat(70_000))),
    status: 413,
  },
  { label: "404 page", fetch: (s) => s.fetch("/no-such-page-anywhere"), status: 404, html: true },
  { label: "unknown /_img", fetch: (s) => s.fetch("/_img/1/png/nothing"), status: 404 },
  { label: "unknown /media file", fetch: (s) => s.fetch("/media/2020/01/nothing.jpg"), status: 404 },
  { label: "redirect: /admin signed out", fetch: (s) => s.fetch("/admin/dashboard"), status: isRedirect },
  {
    label: "redirect: theme switch",
    fetch: (s) => s.fetch("/theme", form({ theme: "dark", redirectTo: "/about" })),
    status: isRedirect,
  },
  { label: "admin login page", fetch: (s) => s.fetch("/admin/login"), status: 200, html: true },
];

describe(`security headers over http (${testDialect})`, () => {
  // A short image queue, so a burst of 60 variants overflows it.
  const server = useTestServer({ env: { IMAGE_ENCODE_QUEUE: "8" } });

  describe("headers on every response type", () => {
    for (const c of CASES) {
      it(c.label, async () => {
        const response = await c.fetch(server());
        const body = await response.text();
        if (typeof c.status === "number") expect(response.status, body).toBe(c.status);
        else expect(c.status(response.status), `status ${response.status}`).toBe(true);
        const nonce = expectStrictHeaders(response, c.label);
        // Served over http: no HSTS (a browser would ignore it anyway, and a test site must not pin itself).
        expect(response.headers.get("strict-transport-security")).toBeNull();
        if (c.html) expectScriptsNonced(body, nonce, c.label);
      });
    }

    it("public pages carry no nonce (the same bytes for everyone); the admin a fresh one per response", async () => {
      const bodies = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const response = await server().fetch("/services");
        const body = await response.text();
        expect(expectStrictHeaders(response, "/services")).toBeNull();
        expectScriptsNonced(body, null, "/services");
        bodies.add(body);
      }
      expect(bodies.size).toBe(1);
      const { cookie } = await server().signIn("editor");
      const nonces = new Set<string | null>();
      for (let i = 0; i < 2; i++) {
        const admin = await server().fetch("/admin/dashboard", { cookie });
        const nonce = expectStrictHeaders(admin, "admin dashboard");
        expectScriptsNonced(await admin.text(), nonce, "admin dashboard");
        nonces.add(nonce);
      }
      expect(nonces.size).toBe(2);
      expect(nonces.has(null)).toBe(false);
    });

    it("a burst of uncached image variants: a bounded number is made, the rest get 503 with Retry-After", async () => {
      // Small sizes of 15 pictures: quick to make, so the test is about the bound, not the encoder.
      const masters = [
        ...["about-ceo", "about-journey", "about-welcome", "contact-hero", "hero-premium", "hero-specials"],
        ...["service-body-sculpting", "service-eyebrows", "service-facials", "service-lashes", "service-makeup"],
        ...["suites-gallery-3", "suites-gallery-4", "suites-gallery-5", "suites-gallery-6"],
      ];
      const paths = masters.flatMap((name) =>
        [320, 480].flatMap((width) => ["avif", "webp"].map((format) => `/_img/${width}/${format}/images/${name}.jpg`)),
      );
      const responses = await Promise.all(paths.map((path) => server().fetch(path)));
      const statuses = responses.map((r) => r.status);
      await Promise.all(responses.map((r) => r.arrayBuffer()));
      // The pool (here 8 waiting behind the encodes) cannot take 60 at once.
      expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
      expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
      const refused = responses.find((r) => r.status === 503)!;
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.headers.get("cache-control")).toBe("no-store");
      // Asked again one at a time, a refused variant is made.
      const again = await server().fetch(paths[statuses.indexOf(503)]);
      expect(again.status).toBe(200);
      expect(again.headers.get("content-type")).toMatch(/^image\//);
      await again.arrayBuffer();
    }, 60_000);

    it("an image variant, a media upload and its variant, and the signed-in admin", async () => {
      const { cookie: editor } = await server().signIn("editor");
      const html = await (await server().fetch("/", { cookie: editor })).text();
      const variant = html.match(/\/_img\/\d+\/[a-z]+\/[^"'\s,]+/)?.[0];
      expect(variant, "the home page uses /_img variants").toBeTruthy();
      const img = await server().fetch(variant!.replace(/&amp;/g, "&"), { cookie: editor });
      expect(img.status).toBe(200);
      expect(img.headers.get("content-type")).toMatch(/^image\//);
      expectStrictHeaders(img, "/_img variant");

      const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#a0c" } })
        .png()
        .toBuffer();
      const body = new FormData();
      body.append("file", new Blob([png], { type: "image/png" }), "headers-check.png");
      const upload = await server().fetch("/admin/media/upload", { method: "POST", body, cookie: editor });
      const uploaded = await upload.text();
      expect(upload.status, uploaded).toBe(201);
      expectStrictHeaders(upload, "upload JSON");
      const { image } = JSON.parse(uploaded) as { image: { url: string } };
      const media = await server().fetch(image.url, { cookie: editor });
      expect(media.status).toBe(200);
      expectStrictHeaders(media, "/media file");
      expect(media.headers.get("content-type")).toMatch(/^image\/png/);

      const admin = await server().fetch("/admin/dashboard", { cookie: editor });
      expect(admin.status).toBe(200);
      const nonce = expectStrictHeaders(admin, "admin dashboard");
      expectScriptsNonced(await admin.text(), nonce, "admin dashboard");
      expect(admin.headers.get("cache-control") ?? "", "admin pages are not cached by shared caches").not.toMatch(
        /public/,
      );

      const csv = await server().fetch("/admin/export/submissions.csv", { cookie: editor });
      expect(csv.status).toBe(200);
      await csv.arrayBuffer();
      expectStrictHeaders(csv, "CSV export");
    });

    it("an image variant on disk is sent before Express: its type, a month's caching, validators, 304, HEAD, and the strict headers of a file", async () => {
      const path = "/_img/320/webp/images/service-nails.jpg";
      const made = await server().fetch(path);
      expect(made.status).toBe(200);
      await made.arrayBuffer();
      const sent = await server().fetch(path);
      const bytes = Buffer.from(await sent.arrayBuffer());
      expect(sent.status).toBe(200);
      expect(sent.headers.get("content-type")).toBe("image/webp");
      expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
      expect(Number(sent.headers.get("content-length"))).toBe(bytes.length);
      expect(sent.headers.get("cache-control")).toBe("public, max-age=2592000, stale-while-revalidate=86400");
      expect(sent.headers.get("last-modified")).toBeTruthy();
      // A picture is never a document: no scripts, sandboxed, not embeddable by other sites.
      expect(sent.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
      expect(sent.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      expectStrictHeaders(sent, "/_img variant on disk");
      // As a browser revalidates (fetch() would otherwise add Cache-Control: no-cache, which asks for the bytes).
      const revalidate = { "If-None-Match": sent.headers.get("etag")!, "Cache-Control": "max-age=0" };
      const unchanged = await server().fetch(path, { headers: revalidate });
      expect(unchanged.status).toBe(304);
      expect(unchanged.headers.get("etag")).toBe(sent.headers.get("etag"));
      const since = { "If-Modified-Since": sent.headers.get("last-modified")!, "Cache-Control": "max-age=0" };
      expect((await server().fetch(path, { headers: since })).status).toBe(304);
      // A reload that asks for no cache, or a copy of another file, gets the bytes.
      const reload = await server().fetch(path, { headers: { ...revalidate, "Cache-Control": "no-cache" } });
      expect(reload.status).toBe(200);
      expect(Buffer.from(await reload.arrayBuffer()).equals(bytes)).toBe(true);
      const other = await server().fetch(path, {
        headers: { "If-None-Match": 'W/"1-2"', "Cache-Control": "max-age=0" },
      });
      expect(other.status).toBe(200);
      await other.arrayBuffer();
      const head = await server().fetch(path, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe(String(bytes.length));
      expect(await head.text()).toBe("");
    });

    it("static assets are not sniffed", async () => {
      const html = await (await server().fetch("/")).text();
      const asset = html.match(/\/(?:assets|enhance)\/[^"']+\.js/)?.[0];
      expect(asset, "the page loads a script").toBeTruthy();
      const response = await server().fetch(asset!);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/javascript/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    });

    it("the theme switch never redirects to another site", async () => {
      for (const redirectTo of [
        "//evil.example/",
        "/\\evil.example/",
        "https://evil.example/",
        "/\t/evil.example",
        "javascript:alert(1)",
      ]) {
        const response = await server().fetch("/theme", form({ theme: "dark", redirectTo }));
        expect(response.status).toBe(302);
        const location = response.headers.get("location")!;
        expect(new URL(location, server().url).origin, `redirectTo ${JSON.stringify(redirectTo)} → ${location}`).toBe(
          new URL(server().url).origin,
        );
      }
    });
  });

  describe("cookie flags over http", () => {
    it("session cookie HttpOnly, SameSite=Lax, Path=/, not Secure; theme cookie SameSite", async () => {
      const login = await server().fetch("/admin/login", form({ email: OWNER.email, password: OWNER.password }));
      expect(login.status).toBe(302);
      expect(cookie(login, SESSION_COOKIE)).toMatchObject({
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: false,
      });

      const theme = await server().fetch("/theme", form({ theme: "dark" }));
      expect(cookie(theme, "theme")).toMatchObject({ sameSite: "lax", path: "/", secure: false });
    });
  });
});

describe(`security headers when served over https (PUBLIC_URL https://…) (${testDialect})`, () => {
  const server = useTestServer({ env: { PUBLIC_URL: "https://salon.example" } });

  it("HSTS on pages, resources, errors and redirects; upgrade-insecure-requests", async () => {
    const responses: [string, Response][] = [
      ["/", await server().fetch("/")],
      ["/robots.txt", await server().fetch("/robots.txt")],
      ["404", await server().fetch("/no-such-page")],
      ["api error", await server().fetch("/api/submit-form", json("{}"))],
      ["redirect", await server().fetch("/admin/dashboard")],
    ];
    expect(responses.map(([, r]) => r.status)).toEqual([200, 200, 404, 400, 302]);
    for (const [label, response] of responses) {
      expectStrictHeaders(response, label);
      const hsts = response.headers.get("strict-transport-security");
      expect(hsts, `${label}: HSTS`).toBeTruthy();
      expect(
        Number(hsts!.match(/max-age=(\d+)/)?.[1]),
        `${label}: HSTS max-age of at least a year`,
      ).toBeGreaterThanOrEqual(31_536_000);
      expect(directives(response.headers.get("content-security-policy")!).has("upgrade-insecure-requests")).toBe(true);
    }
  });

  it("session cookie HttpOnly, SameSite=Lax, Path=/ and Secure; theme cookie Secure and SameSite", async () => {
    const login = await server().fetch("/admin/login", form({ email: OWNER.email, password: OWNER.password }));
    expect(login.status, await login.text()).toBe(302);
    const session = cookie(login, SESSION_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/", secure: true });

    const theme = await server().fetch("/theme", form({ theme: "dark" }));
    expect(cookie(theme, "theme")).toMatchObject({ sameSite: "lax", path: "/", secure: true });

    const logout = await server().fetch("/admin/logout", {
      ...form({ scope: "local" }),
      cookie: `${SESSION_COOKIE}=${session.value}`,
    });
    expect(logout.status).toBeLessThan(400);
    expect(cookie(logout, SESSION_COOKIE)).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/", secure: true });
  });
});
