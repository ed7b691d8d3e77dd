import { expect, test } from "@playwright/test";
import { E2E_RATE_LIMIT_PORT } from "../../playwright.config";
import { e2eDb, submissionById } from "./support/db";

const contact = (overrides: Record<string, unknown> = {}) => ({
  formType: "Contact",
  name: "Maya Lopez",
  email: "maya@example.com",
  phone: "(713) 555-0100",
  service: "facial",
  message: "Do you have availability next Thursday?",
  ...overrides,
});

test.describe("the server", () => {
  test("home page is complete in the server HTML", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain("Aurelia Beauty Bar &amp; Suites");
    expect(html).toMatch(/href="\/about"/);
    expect(html).toMatch(/href="\/contact"/);
    expect(response.headers()["content-security-policy"]).toContain("script-src 'self' 'nonce-");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("health check answers while the database does", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  test("unknown paths answer 404 with the 404 page", async ({ request }) => {
    const response = await request.get("/no-such-page");
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("Oops! Page not found");
  });
});

test.describe("POST /api/submit-form", () => {
  test("stores a valid Contact submission and answers with its id", async ({ request }) => {
    const response = await request.post("/api/submit-form", {
      data: contact({ email: "stored@example.com", pagePath: "/contact", utm: { utm_source: "test" } }),
    });
    expect(response.status()).toBe(200);
    const { id } = await response.json();
    const row = await submissionById(id);
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
    const mail = await e2eDb()
      .selectFrom("mail_outbox")
      .selectAll()
      .where("submission_id", "=", id)
      .orderBy("id")
      .execute();
    // One staff notification (Reply-To the visitor); the visitor's confirmation depends on Settings,
    // which other tests of this shared server may change.
    const notifications = mail.filter((m) => m.kind === "notification");
    expect(notifications).toHaveLength(1);
    expect(notifications[0].reply_to).toBe("stored@example.com");
    expect(mail.filter((m) => m.kind !== "notification").map((m) => [m.kind, m.to_address])).toEqual(
      mail.length > 1 ? [["confirmation", "stored@example.com"]] : [],
    );
  });

  test("refuses an empty email with a field error", async ({ request }) => {
    const count = async () =>
      (await e2eDb().selectFrom("form_submissions").select("id").where("name", "=", "Empty Email").execute()).length;
    const response = await request.post("/api/submit-form", { data: contact({ email: "", name: "Empty Email" }) });
    expect(response.status()).toBe(400);
    expect(await count()).toBe(0);
    const body = await response.json();
    expect(body.fieldErrors.email).toEqual(["Email is required"]);
    expect(body.error).toBeTruthy();
  });

  test("refuses an unknown form type, a non-JSON body and an oversized body", async ({ request }) => {
    const unknown = await request.post("/api/submit-form", { data: { formType: "Lottery", email: "a@b.co" } });
    expect(unknown.status()).toBe(400);
    const notJson = await request.post("/api/submit-form", {
      data: "name=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(notJson.status()).toBe(400);
    const huge = await request.post("/api/submit-form", { data: contact({ message: "x".repeat(70_000) }) });
    expect(huge.status()).toBe(413);
  });

  test("refuses a cross-site POST", async ({ request }) => {
    const response = await request.post("/api/submit-form", {
      data: contact(),
      headers: { origin: "https://evil.example" },
    });
    expect(response.status()).toBe(403);
  });

  test("the 11th rapid submission from one client gets a 429", async ({ request }) => {
    const url = `http://127.0.0.1:${E2E_RATE_LIMIT_PORT}/api/submit-form`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await request.post(url, { data: contact({ email: `rate${i}@example.com` }) });
      statuses.push(response.status());
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    const refused = await request.post(url, { data: contact() });
    expect(refused.headers()["retry-after"]).toBeTruthy();
    expect((await refused.json()).error).toMatch(/Too many submissions/);
  });
});
