import http from "node:http";
import { gzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import proxyAddr from "proxy-addr";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ContentService } from "~/server/content/content.server";
import { RateLimiter } from "~/server/http/rate-limit.server";
import { submitFormApi, type SubmitFormApiOptions } from "~/server/forms/submit-form-api.server";
import type { FormServiceDeps } from "~/server/forms/submit-form.server";
import { parseRequestTarget } from "~/server/http/request-target.server";
import { createLogger } from "~/server/logger.server";
import { CONTACT_BODY as contact } from "../support/submission-bodies";
import { testDialect, useTestDatabase } from "../support/test-db";

/**
 * POST /api/submit-form at the HTTP level: the handler answers from Node's own request and
 * response (before Express), so the rules the middleware stack applies elsewhere are checked
 * here on a real server: origin, proxies, sizes, encodings, methods, and what gets stored.
 */

describe(`POST /api/submit-form over HTTP (${testDialect})`, () => {
  const testDb = useTestDatabase();
  let server: http.Server;
  let base: string;

  async function listen(options: Partial<SubmitFormApiOptions> = {}, limit = 1000) {
    const { db } = testDb();
    const deps: FormServiceDeps = {
      db,
      content: new ContentService(db),
      rateLimiter: new RateLimiter(limit, 60_000),
      logger: createLogger("silent"),
      publicUrl: "https://salon.example",
    };
    const answer = submitFormApi(deps, {
      bodyLimitBytes: 1024,
      https: false,
      trustProxy: proxyAddr.compile([]),
      allowedOrigins: () => ["https://salon.example"],
      ...options,
    });
    server = http.createServer((req, res) => {
      const target = parseRequestTarget(req.url);
      if (!target || !answer(req, res, target)) res.writeHead(404).end("not the API");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/submit-form`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: typeof body === "string" || body instanceof Blob ? body : JSON.stringify(body),
    });
  const rows = () => testDb().db.selectFrom("form_submissions").selectAll().orderBy("id").execute();

  beforeEach(async () => {
    await testDb().db.deleteFrom("mail_outbox").execute();
    await testDb().db.deleteFrom("form_submissions").execute();
  });
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it("stores a submission and answers its id as JSON with strict headers", async () => {
    await listen();
    const response = await post(contact, { Origin: base, "User-Agent": "api-test", Referer: `${base}/contact` });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    const { id } = (await response.json()) as { id: number };
    const [row] = await rows();
    expect(row).toMatchObject({ id, email: "jane@example.com", client_ip: "127.0.0.1", user_agent: "api-test" });
    expect(row.referrer).toBe(`${base}/contact`);
  });

  it("answers only its own path: anything else is passed on", async () => {
    await listen();
    expect((await fetch(`${base}/api/submit-formx`, { method: "POST" })).status).toBe(404);
    expect((await fetch(`${base}/contact`)).status).toBe(404);
    expect(await post(contact, {}).then((r) => r.status)).toBe(200);
    expect(
      (await fetch(`${base}/api/submit-form/?utm_source=x`, { method: "POST", body: JSON.stringify(contact) })).status,
    ).toBe(200);
  });

  it("refuses other methods with 405 and Allow: POST", async () => {
    await listen();
    const response = await fetch(`${base}/api/submit-form`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await response.json()).toEqual({ error: "Use POST." });
  });

  it("refuses another site's Origin or Referer, and accepts PUBLIC_URL's", async () => {
    await listen();
    const evil = await post(contact, { Origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    expect(await evil.text()).toBe("Cross-site request refused");
    expect((await post(contact, { Referer: "https://evil.example/page" })).status).toBe(403);
    expect((await post(contact, { Origin: "https://salon.example" })).status).toBe(200);
    expect(await rows()).toHaveLength(1);
  });

  it("trusts X-Forwarded-For and -Proto only from a trusted proxy (TRUST_PROXY)", async () => {
    await listen();
    // Untrusted: the header is the client's own claim, so the socket's address is kept.
    await post(contact, { "X-Forwarded-For": "203.0.113.9" });
    expect((await rows()).at(-1)?.client_ip).toBe("127.0.0.1");
    const spoofedProto = await post(contact, { "X-Forwarded-Proto": "https", Origin: base.replace("http:", "https:") });
    expect(spoofedProto.status).toBe(403);
    await new Promise((resolve) => server.close(resolve));

    await listen({ trustProxy: proxyAddr.compile("loopback") });
    await post(contact, { "X-Forwarded-For": "203.0.113.9" });
    expect((await rows()).at(-1)?.client_ip).toBe("203.0.113.9");
    const behindTls = await post(contact, { "X-Forwarded-Proto": "https", Origin: base.replace("http:", "https:") });
    expect(behindTls.status).toBe(200);
  });

  it("refuses bodies that are too large, streamed without a length, compressed or not a JSON object", async () => {
    await listen();
    const huge = await post({ ...contact, message: "x".repeat(2000) });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error).toBe("The request is too large (limit 1 KB).");
    const chunked = await fetch(`${base}/api/submit-form`, {
      method: "POST",
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(JSON.stringify(contact)));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(411);
    const gzipped = await post(new Blob([gzipSync(JSON.stringify(contact))]), { "Content-Encoding": "gzip" });
    expect(gzipped.status).toBe(415);
    for (const body of ["name=x", "[1,2]", "null", "{"]) {
      const response = await post(body);
      expect(response.status, body).toBe(400);
      expect((await response.json()).fieldErrors).toEqual({});
    }
    expect(await rows()).toHaveLength(0);
  });

  it("refuses a deeply nested body with 400 and a message, not a crash", async () => {
    await listen({ bodyLimitBytes: 200_000 });
    // Deep enough to overflow a recursive walk of the value (it gave 500 once).
    const depth = 60_000;
    const deep = `{"formType":"Contact","name":"Jane","utm":${"[".repeat(depth)}${"]".repeat(depth)}}`;
    const response = await post(deep);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("The body is nested too deeply.");
    // A form's own shape (fields and one utm object) is nowhere near the bound.
    expect((await post({ ...contact, utm: { utm_source: "ig" } })).status).toBe(200);
    expect(await rows()).toHaveLength(1);
  });

  it("gives field errors for an invalid submission and 429 with Retry-After past the rate limit", async () => {
    await listen({}, 2);
    const invalid = await post({ ...contact, email: "" });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).fieldErrors.email).toEqual(["Email is required"]);
    expect((await post(contact)).status).toBe(200);
    const limited = await post(contact);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await rows()).toHaveLength(1);
  });
});
