/**
 * The production server's basics over HTTP: the server-rendered home page, the health check, the
 * 404 page, the public form API (what it stores and queues, what it refuses, its rate limit), and
 * the in-memory cache of public pages (a visitor must never notice a reused nonce, another theme's
 * page, or yesterday's text after an editor saved).
 */
import http from "node:http";
import zlib from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { contactDefaults } from "~/content/contact";
import { PROFILE_KEYS } from "~/routes/admin/settings.server";
import { openDayFromToday } from "../../support/dates";
import { untilKept } from "../../support/page-cache";
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
      // One policy, the public page's own: scripts from our origin and the web fonts' hashed switch, no nonce.
      expect(response.headers.get("content-security-policy")).toMatch(
        /^default-src 'self'; script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'; [^,]+$/,
      );
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    });

    it("health check answers while the database does, before Express, with the strict headers of data", async () => {
      const response = await server().fetch("/healthz");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("content-security-policy")).toBe(
        "default-src 'none'; frame-ancestors 'none'; sandbox",
      );
      expect(await response.json()).toEqual({ ok: true });
      const head = await server().fetch("/healthz", { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe("");
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
    /** A raw request (fetch would decompress and hide the encoding), the body as sent. */
    const raw = (path: string, headers: Record<string, string>, method = "GET") =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .request(`${server().url}${path}`, { method, headers: { Accept: "text/html", ...headers } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
            );
          })
          .on("error", reject)
          .end();
      });
    const BROWSER = "gzip, deflate, br, zstd";

    it("a repeat visit is the same bytes from memory, with a strong ETag; If-None-Match gets 304 and no body", async () => {
      const a = await (await server().fetch("/contact")).text();
      const second = await untilKept(() => server().fetch("/contact"));
      expect(await second.text()).toBe(a);
      expect(second.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-[^' ]+';/);
      expect(second.headers.get("cache-control")).toBe("public, no-cache");
      // Without CDN_MAX_AGE, nothing is offered to shared caches, on a miss or a hit.
      const miss = await server().fetch("/suites");
      await miss.arrayBuffer();
      expect(miss.headers.get("x-cache")).toBe("MISS");
      expect(miss.headers.get("cache-control")).toBe("public, no-cache");
      expect(second.headers.get("vary")).toBe("Accept-Encoding");
      const etag = second.headers.get("etag");
      expect(etag).toMatch(/^"[\w-]{20,}(-gzip|-br)?"$/);
      const again = await raw("/contact", { "If-None-Match": etag!, "Accept-Encoding": BROWSER });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBeTruthy();
      const changed = await raw("/contact", { "If-None-Match": '"something-else"' });
      expect(changed.status).toBe(200);
    });

    it("a browser's Accept-Encoding gets the page compressed once, answered before Express: brotli, else gzip, else none", async () => {
      const page = "/services";
      await untilKept(() => server().fetch(page));
      const br = await raw(page, { "Accept-Encoding": BROWSER });
      const gz = await raw(page, { "Accept-Encoding": "gzip" });
      const plain = await raw(page, {});
      expect(br.headers["content-encoding"]).toBe("br");
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(plain.headers["content-encoding"]).toBeUndefined();
      for (const answer of [br, gz, plain]) {
        expect(answer.status).toBe(200);
        expect(answer.headers["x-cache"]).toBe("HIT");
        expect(answer.headers.vary).toBe("Accept-Encoding");
        expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
        for (const name of [
          "x-content-type-options",
          "x-frame-options",
          "referrer-policy",
          "cross-origin-opener-policy",
        ])
          expect(answer.headers[name], name).toBeTruthy();
      }
      const html = plain.body.toString("utf8");
      expect(zlib.brotliDecompressSync(br.body).toString("utf8")).toBe(html);
      expect(zlib.gunzipSync(gz.body).toString("utf8")).toBe(html);
      expect(br.body.length).toBeLessThan(gz.body.length);
      // Each encoding is its own representation, with its own tag.
      expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
    });

    it("a browser asking while a page is being kept still gets it compressed, never the plain bytes", async () => {
      const page = "/about";
      const first = await raw(page, { "Accept-Encoding": BROWSER });
      expect(first.headers["x-cache"]).toBe("MISS");
      // At once after the first render, while its brotli form is being made, and until it is kept.
      const answers = [];
      for (let i = 0; i < 20; i++) answers.push(await raw(page, { "Accept-Encoding": BROWSER }));
      await vi.waitUntil(async () => (await raw(page, { "Accept-Encoding": BROWSER })).headers["x-cache"] === "HIT", {
        timeout: 10_000,
        interval: 20,
      });
      answers.push(await raw(page, { "Accept-Encoding": BROWSER }));
      for (const answer of [first, ...answers]) {
        expect(answer.status).toBe(200);
        expect(answer.headers["content-encoding"], String(answer.headers["x-cache"])).toBe("br");
      }
      expect(answers.at(-1)!.headers["x-cache"]).toBe("HIT");
    });

    it("each theme gets its own page", async () => {
      const dark = await untilKept(() => server().fetch("/about", { cookie: "theme=dark" }));
      const light = await server().fetch("/about", { cookie: "theme=light" });
      expect(await dark.text()).toMatch(/<html[^>]*class="[^"]*dark/);
      expect(await light.text()).not.toMatch(/<html[^>]*class="[^"]*dark/);
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

    /** The headers of one answer that are not about its bytes or its connection. */
    const shared = (headers: http.IncomingHttpHeaders) => {
      const own = ["date", "connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding"];
      return Object.fromEntries(
        Object.entries(headers).filter(([name]) => ![...own, "etag", "x-cache"].includes(name)),
      );
    };

    it("a kept page answers as its render did, security headers to the byte, in brotli, gzip or none; HEAD and 304 without a body", async () => {
      const page = "/services/hair";
      const render = await raw(page, { "Accept-Encoding": BROWSER });
      expect(render.headers["x-cache"]).toBe("MISS");
      const html = zlib.brotliDecompressSync(render.body).toString("utf8");
      await untilKept(() => server().fetch(page));
      const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, identity: (b: Buffer) => b };
      for (const [encoding, acceptEncoding] of [
        ["br", BROWSER],
        ["gzip", "gzip, deflate"],
        ["identity", ""],
      ] as const) {
        const hit = await raw(page, { "Accept-Encoding": acceptEncoding });
        expect(hit.status, encoding).toBe(200);
        expect(hit.headers["x-cache"], encoding).toBe("HIT");
        expect(shared(hit.headers), encoding).toEqual(shared(render.headers));
        expect(hit.headers["content-encoding"], encoding).toBe(encoding === "identity" ? undefined : encoding);
        expect(decode[encoding](hit.body).toString("utf8"), encoding).toBe(html);

        const head = await raw(page, { "Accept-Encoding": acceptEncoding }, "HEAD");
        expect(head.status, `HEAD ${encoding}`).toBe(200);
        expect(head.body.length, `HEAD ${encoding}`).toBe(0);
        expect({ ...head.headers, date: "" }, `HEAD ${encoding}`).toEqual({ ...hit.headers, date: "" });

        const unchanged = await raw(page, { "Accept-Encoding": acceptEncoding, "If-None-Match": hit.headers.etag! });
        expect(unchanged.status, `304 ${encoding}`).toBe(304);
        expect(unchanged.body.length).toBe(0);
        const { "content-type": _type, ...rest } = shared(hit.headers);
        expect(shared(unchanged.headers), `304 ${encoding}`).toEqual(rest);
        expect(unchanged.headers.etag).toBe(hit.headers.etag);
      }
    });

    it("a signed-in admin and an address with a query string are rendered, never answered from the cache", async () => {
      const page = "/services/hair";
      await untilKept(() => server().fetch(page));
      // Whatever another instance has not yet dropped, an editor sees their save at once.
      for (const as of ["admin", "editor"] as const) {
        const response = await server().fetch(page, { as });
        expect(response.status, as).toBe(200);
        expect(response.headers.get("x-cache"), as).not.toBe("HIT");
        await response.arrayBuffer();
      }
      const query = await server().fetch(`${page}?utm_source=newsletter`);
      expect(query.status).toBe(200);
      expect(query.headers.get("x-cache")).not.toBe("HIT");
      await query.arrayBuffer();
      // The page is still kept for visitors.
      expect((await raw(page, { "Accept-Encoding": BROWSER })).headers["x-cache"]).toBe("HIT");
    });
  });
});

describe(`a server with the form rate limit at its default of 10 a minute and CDN_MAX_AGE=120 (${testDialect})`, () => {
  // TRUST_PROXY: one test stands for a client of its own by its X-Forwarded-For.
  const server = useTestServer({ env: { FORM_RATE_LIMIT: "10", CDN_MAX_AGE: "120", TRUST_PROXY: "loopback" } });

  it("CDN_MAX_AGE: a public page's first and cached answers let shared caches keep it 120 s, browsers still revalidate; not themed pages, queries, live free times or the admin", async () => {
    const cdn = "public, max-age=0, must-revalidate, s-maxage=120";
    const miss = await server().fetch("/about");
    await miss.arrayBuffer();
    const hit = await untilKept(() => server().fetch("/about"));
    await hit.arrayBuffer();
    expect([miss.headers.get("x-cache"), hit.headers.get("x-cache")]).toEqual(["MISS", "HIT"]);
    for (const answer of [miss, hit]) {
      expect(answer.headers.get("cache-control")).toBe(cdn);
      expect(answer.headers.get("vary")).toMatch(/Cookie/);
    }
    // A CDN keys on the address: the page for a theme cookie is never offered to it.
    for (let i = 0; i < 2; i++) {
      const themed = await server().fetch("/about", { cookie: "theme=dark" });
      await themed.arrayBuffer();
      expect(themed.headers.get("cache-control"), `themed ${i}`).toBe("public, no-cache");
      expect(themed.headers.get("vary"), `themed ${i}`).toMatch(/Cookie/);
    }
    // Nor a page of live free times: no change could drop a CDN's copy of a time since taken.
    for (const path of ["/about?utm_source=mail", "/admin/login", "/book/hair", "/services/hair?date=2030-01-01"]) {
      const other = await server().fetch(path);
      await other.arrayBuffer();
      expect(other.headers.get("cache-control") ?? "", path).not.toContain("s-maxage");
    }
  });

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

  it("GET /api/availability, past ten times the form limit a minute from one client, gets 429 with Retry-After", async () => {
    const ask = () => server().fetch("/api/availability?service=hair&date=2031-03-04");
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await ask()).status);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await refused.json()).error).toBe("Too many requests. Please wait a moment and try again.");
  });

  it("the booking pages' posts and POST /api/bookings count in the same limit: past it they answer 429 and book nothing", async () => {
    // The first test spent this client's minute, or this one does (each post counts, even a wrong one).
    const post = (path: string) =>
      server().fetch(path, { method: "POST", body: new URLSearchParams({ firstName: "Rate", email: "rate@x.test" }) });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post("/book/hair")).status);
    expect(statuses.at(-1)).toBe(429);
    for (const path of ["/book/hair", "/services/hair", "/services/facials"]) {
      const refused = await post(path);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After")), path).toBeGreaterThan(0);
      expect(await refused.text()).toContain("Too many submissions from your connection.");
    }
    const api = await server().fetch("/api/bookings", postJson({ service: "hair" }));
    expect(api.status).toBe(429);
    expect(await server().db.selectFrom("bookings").select("id").execute()).toEqual([]);
  });

  it("a manage link's changes count in the same limit: each e-mails the client and the salon, so past it they answer 429", async () => {
    const client = { "X-Forwarded-For": "203.0.113.77" };
    const day = openDayFromToday(10);
    const free = await server().fetch(`/api/availability?service=hair&date=${day}`, { headers: client });
    const [slot] = ((await free.json()) as { slots: { start: string }[] }).slots;
    const booked = await server().fetch("/api/bookings", {
      ...postJson({
        service: "hair",
        start: slot.start,
        firstName: "Link",
        lastName: "Holder",
        email: "link@example.com",
        phone: "(713) 555-0177",
        agreeToTerms: true,
      }),
      headers: { "Content-Type": "application/json", ...client },
    });
    expect(booked.status).toBe(201);
    const { manageUrl } = (await booked.json()) as { manageUrl: string };
    const path = new URL(manageUrl).pathname;
    // A move without a time is refused and changes nothing, but it counts like any post.
    const post = () =>
      server().fetch(path, { method: "POST", headers: client, body: new URLSearchParams({ intent: "move" }) });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await post()).status);
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(400));
    expect(statuses[9]).toBe(429);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many submissions from your connection.");
    const [row] = await server().db.selectFrom("bookings").select(["status", "starts_at"]).execute();
    expect(row.status).toBe("requested");
    // Another client is not held back by this one.
    const other = await server().fetch(path, {
      method: "POST",
      headers: { "X-Forwarded-For": "203.0.113.78" },
      body: new URLSearchParams({ intent: "move" }),
    });
    expect(other.status).not.toBe(429);
  });
});
