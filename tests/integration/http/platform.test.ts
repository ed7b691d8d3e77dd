/**
 * The production server's basics over HTTP: the server-rendered home page, the health check, the
 * 404 page, the public form API (what it stores and queues, what it refuses, its rate limit), and
 * the in-memory cache of public pages (a visitor must never notice a reused nonce, another theme's
 * page, or yesterday's text after an editor saved).
 */
import http from "node:http";
import { describe, expect, it } from "vitest";
import { contactDefaults } from "~/content/contact";
import { PROFILE_KEYS } from "~/routes/admin/settings.server";
import { testDialect } from "../../support/test-db";
import { useTestServer } from "../../support/test-server";

const contact = (overrides: Record<string, unknown> = {}) => ({
  formType: "Contact",
  name: "Maya Lopez",
  email: "maya@example.com",
  phone: "(713) 555-0100",
  service: "facial",
  message: "Do you have availability next Thursday?",
  ...overrides,
});

const postJson = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: typeof body === "string" ? body : JSON.stringify(body),
});

describe(`the server (${testDialect})`, () => {
  const server = useTestServer();

  describe("the server", () => {
    it("home page is complete in the server HTML", async () => {
      const response = await server().fetch("/");
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Aurelia Beauty Bar &amp; Suites");
      expect(html).toMatch(/href="\/about"/);
      expect(html).toMatch(/href="\/contact"/);
      expect(response.headers.get("content-security-policy")).toContain("script-src 'self' 'nonce-");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    });

    it("health check answers while the database does", async () => {
      const response = await server().fetch("/healthz");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true });
    });

    it("unknown paths answer 404 with the 404 page", async () => {
      const response = await server().fetch("/no-such-page");
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Oops! Page not found");
    });
  });

  describe("POST /api/submit-form", () => {
    it("stores a valid Contact submission and answers with its id", async () => {
      const response = await server().fetch(
        "/api/submit-form",
        postJson(contact({ email: "stored@example.com", pagePath: "/contact", utm: { utm_source: "test" } })),
      );
      expect(response.status).toBe(200);
      const { id } = (await response.json()) as { id: number };
      const { db } = server();
      const row = await db.selectFrom("form_submissions").selectAll().where("id", "=", id).executeTakeFirst();
      expect(row).toMatchObject({
        form_type: "Contact",
        name: "Maya Lopez",
        email: "stored@example.com",
        phone: "(713) 555-0100",
        service: "facial",
        status: "new",
        page_path: "/contact",
      });
      expect(JSON.parse(row!.utm!)).toEqual({ utm_source: "test" });
      const mail = await db
        .selectFrom("mail_outbox")
        .selectAll()
        .where("submission_id", "=", id)
        .orderBy("id")
        .execute();
      // One staff notification (Reply-To the visitor) and, as the default settings ask, the visitor's confirmation.
      const notifications = mail.filter((m) => m.kind === "notification");
      expect(notifications).toHaveLength(1);
      expect(notifications[0].reply_to).toBe("stored@example.com");
      expect(mail.filter((m) => m.kind !== "notification").map((m) => [m.kind, m.to_address])).toEqual([
        ["confirmation", "stored@example.com"],
      ]);
    });

    it("refuses an empty email with a field error", async () => {
      const count = async () =>
        (await server().db.selectFrom("form_submissions").select("id").where("name", "=", "Empty Email").execute())
          .length;
      const response = await server().fetch("/api/submit-form", postJson(contact({ email: "", name: "Empty Email" })));
      expect(response.status).toBe(400);
      expect(await count()).toBe(0);
      const body = (await response.json()) as { error: string; fieldErrors: Record<string, string[]> };
      expect(body.fieldErrors.email).toEqual(["Email is required"]);
      expect(body.error).toBeTruthy();
    });

    it("refuses an unknown form type, a non-JSON body and an oversized body", async () => {
      const unknown = await server().fetch("/api/submit-form", postJson({ formType: "Lottery", email: "a@b.co" }));
      expect(unknown.status).toBe(400);
      const notJson = await server().fetch("/api/submit-form", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "name=x",
      });
      expect(notJson.status).toBe(400);
      const huge = await server().fetch("/api/submit-form", postJson(contact({ message: "x".repeat(70_000) })));
      expect(huge.status).toBe(413);
    });

    it("refuses a cross-site POST", async () => {
      const response = await server().fetch("/api/submit-form", {
        ...postJson(contact()),
        headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      });
      expect(response.status).toBe(403);
    });
  });

  describe("the public page cache", () => {
    const nonceOf = (html: string) => /<script[^>]* nonce="([^"]+)"/.exec(html)?.[1];

    it("a repeat visit is served from memory with a fresh nonce that matches its CSP", async () => {
      const a = await (await server().fetch("/contact")).text();
      const second = await server().fetch("/contact");
      expect(second.headers.get("x-cache")).toBe("HIT");
      const b = await second.text();
      expect(nonceOf(a)).toBeTruthy();
      expect(nonceOf(b)).not.toBe(nonceOf(a));
      expect(second.headers.get("content-security-policy")).toContain(`'nonce-${nonceOf(b)}'`);
      expect(b.replaceAll(nonceOf(b)!, "N")).toBe(a.replaceAll(nonceOf(a)!, "N"));
    });

    it("without compression a hit is answered before Express: same page, same headers, its own nonce", async () => {
      // fetch asks for gzip (answered through Express's compression); a bare Node request asks for nothing.
      const bare = (path: string) =>
        new Promise<{ headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
          http
            .get(`${server().url}${path}`, { headers: { Accept: "text/html" } }, (res) => {
              let body = "";
              res.setEncoding("utf8");
              res.on("data", (chunk) => (body += chunk));
              res.on("end", () => resolve({ headers: res.headers, body }));
            })
            .on("error", reject);
        });
      const viaExpress = await server().fetch("/services", { headers: { "Accept-Encoding": "gzip" } });
      const express = await viaExpress.text();
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
        expect(first.headers[name], name).toBe(viaExpress.headers.get(name) ?? undefined);
      }
      const [a, b] = [nonceOf(first.body), nonceOf(second.body)];
      const withoutNonce = (csp: string | null | undefined, nonce: string) => csp?.replace(nonce, "N");
      expect(withoutNonce(String(first.headers["content-security-policy"]), a!)).toBe(
        withoutNonce(viaExpress.headers.get("content-security-policy"), nonceOf(express)!),
      );
      expect(a).toBeTruthy();
      expect(a).not.toBe(b);
      expect(first.headers["content-security-policy"]).toContain(`'nonce-${a}'`);
      expect(Buffer.byteLength(first.body)).toBe(Number(first.headers["content-length"]));
      expect(first.body.replaceAll(a!, "N")).toBe(express.replaceAll(nonceOf(express)!, "N"));
    });

    it("one address per page: trailing and doubled slashes redirect (301) to the page, query kept", async () => {
      for (const [path, target] of [
        ["/about/", "/about"],
        ["/about//", "/about"],
        ["/services//hair/?x=1", "/services/hair?x=1"],
      ]) {
        const response = await server().fetch(path);
        expect(response.status, path).toBe(301);
        expect(response.headers.get("location"), path).toBe(target);
      }
      expect((await server().fetch("/")).status).toBe(200);
    });

    it("each theme gets its own page", async () => {
      await (await server().fetch("/about", { cookie: "theme=dark" })).text();
      const dark = await server().fetch("/about", { cookie: "theme=dark" });
      const light = await server().fetch("/about", { cookie: "theme=light" });
      expect(dark.headers.get("x-cache")).toBe("HIT");
      expect(await dark.text()).toMatch(/<html[^>]*class="[^"]*dark/);
      expect(await light.text()).not.toMatch(/<html[^>]*class="[^"]*dark/);
    });

    it("a settings save invalidates the cached pages: the next request is a miss with the new text", async () => {
      await (await server().fetch("/contact")).text();
      const cached = await server().fetch("/contact");
      await cached.text();
      expect(cached.headers.get("x-cache")).toBe("HIT");

      const form = new URLSearchParams({ intent: "profile" });
      for (const key of PROFILE_KEYS) form.set(key, contactDefaults[key]);
      form.set("hours_note", "Open late on Thursdays for the holidays");
      // Posts that change nothing leave the cache alone: an anonymous one, an editor's refused one.
      const editorsRefusal = new URLSearchParams({ intent: "time-zone", timeZone: "Europe/Paris" });
      for (const [as, body] of [
        [undefined, form],
        ["editor", editorsRefusal],
      ] as const) {
        const refused = await server().fetch("/admin/settings", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body,
          as,
        });
        expect(refused.status, `a POST by ${as ?? "a visitor"}`).toBeGreaterThanOrEqual(300);
        await refused.arrayBuffer();
        const still = await server().fetch("/contact");
        await still.arrayBuffer();
        expect(still.headers.get("x-cache"), `after a POST by ${as ?? "a visitor"} (${refused.status})`).toBe("HIT");
      }
      const saved = await server().fetch("/admin/settings", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: form,
        as: "admin",
      });
      expect(saved.status, await saved.text()).toBeLessThan(400);

      const after = await server().fetch("/contact");
      expect(after.headers.get("x-cache")).toBe("MISS");
      expect(await after.text()).toContain("Open late on Thursdays for the holidays");
    });
  });
});

describe(`the form rate limit at its default of 10 a minute (${testDialect})`, () => {
  const server = useTestServer({ env: { FORM_RATE_LIMIT: "10" } });

  it("the 11th rapid submission from one client gets a 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await server().fetch("/api/submit-form", postJson(contact({ email: `rate${i}@example.com` })));
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    const refused = await server().fetch("/api/submit-form", postJson(contact()));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect(((await refused.json()) as { error: string }).error).toMatch(/Too many submissions/);
  });
});
