/**
 * The waiting list over HTTP, as a browser without JavaScript sends it: the form's page, its
 * post (stored, or the errors with what was typed), its rate limit, and the offer link (shown,
 * taken, used, lapsed, tampered with).
 */
import { describe, expect, it } from "vitest";
import { addLocalDays, localDate, weekdayOf } from "~/lib/booking/availability";
import { WAITLIST_MESSAGES } from "~/lib/booking/waitlist";
import { nowIso } from "~/server/db/database.server";
import { testDialect } from "../../support/test-db";
import { useTestServer, type TestServer } from "../../support/test-server";

/** The first Tuesday at least two days ahead in the salon's zone (open 9 to 6 by default). */
function nextTuesday(): string {
  let date = addLocalDays(localDate(Date.now(), "America/Chicago"), 2);
  while (weekdayOf(date) !== 2) date = addLocalDays(date, 1);
  return date;
}

const join = (server: TestServer, overrides: Record<string, string> = {}) => {
  const date = nextTuesday();
  const body = new URLSearchParams({
    service: "nails",
    firstName: "Ada",
    lastName: "Client",
    email: "ada@example.com",
    phone: "(713) 555-0100",
    fromDate: date,
    toDate: date,
    ...overrides,
  });
  if (!("dayParts" in overrides)) body.append("dayParts", "morning");
  return server.fetch("/waitlist?service=nails", { method: "POST", body });
};

const decode = (html: string) =>
  html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

describe(`the waiting list's form (${testDialect})`, () => {
  const server = useTestServer({ env: { FORM_RATE_LIMIT: "2" } });

  it("a day's page offers the form for the service, the option and the day, posting to itself without JavaScript", async () => {
    const date = nextTuesday();
    const page = await server().fetch(`/waitlist?service=nails&date=${date}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = decode(await page.text());
    expect(html).toContain("Tell me if a time opens");
    const form = /<form[^>]*id="waitlist-form"[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/waitlist?service=nails"');
    expect(form).not.toContain("data-enhance");
    expect(html).toMatch(/<input[^>]*type="date"[^>]*name="fromDate"|<input[^>]*name="fromDate"[^>]*type="date"/);
    expect(html).toContain(`value="${date}"`);
    for (const part of ["morning", "afternoon", "evening"]) expect(html).toContain(`value="${part}"`);
    expect((await server().fetch("/waitlist?service=nope")).status).toBe(404);
  });

  it("stores a valid post before it answers what happens next; a wrong one answers 400 with the errors and what was typed; past the limit (2 a minute here), 429", async () => {
    const joined = await join(server());
    expect(joined.status).toBe(200);
    const html = decode(await joined.text());
    expect(html).toContain("We will tell you when a time opens");
    expect(html).toContain("ada@example.com a link that holds it for you for a short while");
    const entries = await server().db.selectFrom("waitlist_entries").selectAll().execute();
    expect(entries).toMatchObject([{ service: "nails", email: "ada@example.com", day_parts: "morning" }]);
    const mail = await server()
      .db.selectFrom("mail_outbox")
      .select("text_body")
      .where("subject", "like", "You are on our waiting list%")
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toMatch(/\/waitlist\/leave\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{32}/);

    const wrong = await join(server(), { email: "not-an-address", firstName: "Bea", dayParts: "" });
    expect(wrong.status).toBe(400);
    const errors = decode(await wrong.text());
    expect(errors).toContain("Enter a valid email address");
    expect(errors).toContain("Choose at least one part of the day");
    expect(errors).toContain('value="Bea"');

    const limited = await join(server(), { email: "cy@example.com" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await server().db.selectFrom("waitlist_entries").select("email").execute()).toHaveLength(1);
  });
});

describe(`the offer link (${testDialect})`, () => {
  const server = useTestServer();

  /** Joins for next Tuesday morning (nails is free then): the waiting list's job offers 9:00 at once. */
  async function offered(email: string, overrides: Record<string, string> = {}): Promise<string> {
    expect((await join(server(), { email, ...overrides })).status).toBe(200);
    for (let tries = 0; tries < 100; tries++) {
      const mail = await server()
        .db.selectFrom("mail_outbox")
        .select("text_body")
        .where("to_address", "=", email)
        .where("subject", "like", "A time has opened%")
        .executeTakeFirst();
      const token = /\/waitlist\/offer\/([A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{32})/.exec(mail?.text_body ?? "")?.[1];
      if (token) return token;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("No time was offered");
  }

  const post = (token: string, intent: string) =>
    server().fetch(`/waitlist/offer/${token}`, { method: "POST", body: new URLSearchParams({ intent }) });

  it("shows the time held, keeps it from other clients, takes it once as a booking, and a tampered link opens nothing", async () => {
    const token = await offered("ada@example.com");
    const page = await server().fetch(`/waitlist/offer/${token}`);
    expect(page.status).toBe(200);
    const html = decode(await page.text());
    expect(html).toContain("9:00 AM");
    expect(html).toContain("Take this time");
    expect(html).toMatch(/\(Central time\)/);

    const times = await server().fetch(`/api/availability?service=nails&date=${nextTuesday()}`);
    const free = ((await times.json()) as { slots: { start: string }[] }).slots.map((s) => s.start.slice(11, 16));
    expect(free).not.toContain("09:00");

    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await server().fetch(`/waitlist/offer/${tampered}`)).status).toBe(404);
    expect((await post(tampered, "take")).status).toBe(404);

    const taken = await post(token, "take");
    expect(taken.status).toBe(200);
    expect(decode(await taken.text())).toContain("The time is yours while we confirm it");
    const booking = await server()
      .db.selectFrom("bookings")
      .select(["status", "email"])
      .where("email", "=", "ada@example.com")
      .executeTakeFirstOrThrow();
    expect(booking.status).toBe("requested");

    const again = await post(token, "take");
    expect(again.status).toBe(409);
    expect(decode(await again.text())).toContain(WAITLIST_MESSAGES.offerTaken);
  });

  it("declining an offer frees its time; a lapsed one cannot be taken", async () => {
    const token = await offered("bea@example.com");
    const declined = await post(token, "decline");
    expect(declined.status).toBe(200);
    expect(decode(await declined.text())).toContain(WAITLIST_MESSAGES.declined);
    const offers = await server().db.selectFrom("waitlist_offers").select(["status", "offer_key"]).execute();
    expect(offers.find((o) => token.startsWith(o.offer_key))?.status).toBe("declined");

    const next = await offered("eli@example.com", { dayParts: "afternoon" });
    await server()
      .db.updateTable("waitlist_offers")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("offer_key", "=", next.slice(0, 22))
      .execute();
    const lapsed = await post(next, "take");
    expect(lapsed.status).toBe(409);
    // Refused as lapsed, or as no longer held when the list's job closed it first.
    const body = decode(await lapsed.text());
    expect(body.includes(WAITLIST_MESSAGES.offerLapsed) || body.includes(WAITLIST_MESSAGES.offerGone)).toBe(true);
  });

  it("a day with no free time links to the form for that service, option and day", async () => {
    const date = nextTuesday();
    const at = nowIso();
    // The nails chair blocked all Tuesday.
    await server()
      .db.insertInto("bookings")
      .values({
        kind: "block",
        resource: "service:nails",
        staff_id: null,
        service: "",
        option_name: "",
        duration_minutes: 24 * 60,
        price: "",
        starts_at: new Date(`${date}T00:00:00Z`).toISOString(),
        ends_at: new Date(`${addLocalDays(date, 1)}T12:00:00Z`).toISOString(),
        status: "confirmed",
        requested_starts_at: null,
        first_name: "",
        last_name: "",
        email: "",
        phone: "",
        notes: "Closed chair",
        reason: "",
        manage_key: "block-key-of-the-test-day",
        source: "staff",
        reminder_sent_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const html = decode(await (await server().fetch(`/book/nails?date=${date}`)).text());
    expect(html).toContain("No free times that day. Please choose another day.");
    const link = /<a href="(\/waitlist\?[^"]+)"[^>]*data-waitlist-link/.exec(html)?.[1] ?? "";
    const query = new URLSearchParams(link.split("?")[1]);
    expect(query.get("service")).toBe("nails");
    expect(query.get("date")).toBe(date);
    expect(query.get("option")).not.toBe("");
  });

  it("the admin's list shows each entry with its wishes and offers to staff; they remove one; a visitor is sent to sign in", async () => {
    const wednesday = addLocalDays(nextTuesday(), 1);
    await offered("dee@example.com", { fromDate: wednesday, toDate: wednesday });
    expect((await server().fetch("/admin/bookings/waiting-list")).status).toBe(302);
    const page = await server().fetch("/admin/bookings/waiting-list", { as: "editor" });
    expect(page.status).toBe(200);
    const html = decode(await page.text());
    expect(html).toContain("Ada Client");
    expect(html).toContain("dee@example.com");
    expect(html).toContain("A time is held for them");
    expect(html).toMatch(/Offered: [^<]*9:00 AM \(held until \d{1,2}:\d{2} [AP]M\)/);
    const entry = await server()
      .db.selectFrom("waitlist_entries")
      .select("id")
      .where("email", "=", "dee@example.com")
      .executeTakeFirstOrThrow();
    const removed = await server().fetch("/admin/bookings/waiting-list", {
      as: "editor",
      method: "POST",
      body: new URLSearchParams({ intent: "remove", id: String(entry.id) }),
    });
    expect(removed.status).toBe(200);
    const after = await server()
      .db.selectFrom("waitlist_entries")
      .select("status")
      .where("id", "=", entry.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe("left");
    const held = await server()
      .db.selectFrom("bookings")
      .select("id")
      .where("status", "=", "offered")
      .where("email", "=", "dee@example.com")
      .execute();
    expect(held).toEqual([]);
  });
});
