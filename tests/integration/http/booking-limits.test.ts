/**
 * One client address cannot fill the calendar: with fresh e-mails and phones, as fast as the
 * server lets it, through every way to book, it takes BOOKING_RATE_LIMIT (4) bookings a day.
 */
import { describe, expect, it } from "vitest";
import { addLocalDays, localDate, weekdayOf } from "~/lib/booking/availability";
import { testDialect } from "../../support/test-db";
import { useTestServer } from "../../support/test-server";

/** The first Tuesday at least two days ahead in the salon's zone (open 9 to 6 by default). */
function nextTuesday(): string {
  let date = addLocalDays(localDate(Date.now(), "America/Chicago"), 2);
  while (weekdayOf(date) !== 2) date = addLocalDays(date, 1);
  return date;
}

/** An option of an hour. */
const OPTION = "Gel%20Pedicure";

describe(`bookings per client address (${testDialect})`, () => {
  const server = useTestServer({ env: { BOOKING_RATE_LIMIT: "4" } });

  const freeTimes = async (date: string): Promise<string[]> => {
    const response = await server().fetch(`/api/availability?service=nails&option=${OPTION}&date=${date}`);
    return ((await response.json()) as { slots: { start: string }[] }).slots.map((s) => s.start);
  };

  /** A booking with an e-mail and a phone never used before, by the n-th way to book. */
  const book = (n: number, start: string) => {
    const client = {
      firstName: "Script",
      lastName: `Client ${n}`,
      email: `fresh-${n}@example.com`,
      phone: `(281) 555-${String(1000 + n)}`,
      option: "Gel Pedicure",
    };
    const ways = [
      () =>
        server().fetch("/book/nails", {
          method: "POST",
          body: new URLSearchParams({ ...client, start, agreeToTerms: "on" }),
        }),
      () =>
        server().fetch("/services/nails", {
          method: "POST",
          body: new URLSearchParams({ ...client, start, agreeToTerms: "on" }),
        }),
      () =>
        server().fetch("/api/bookings", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ ...client, service: "nails", start, agreeToTerms: true }),
        }),
    ];
    return ways[n % ways.length]();
  };

  it("20 booking posts from one address across /book, the service page and /api/bookings: 4 are booked, then 429 for a day; the day keeps 9 of its 17 times", async () => {
    const date = nextTuesday();
    const before = await freeTimes(date);
    expect(before).toHaveLength(17); // a gel pedicure: an hour, every half hour from 9:00 to 5:00
    const responses = [];
    // On the hour, as a script that wants the most of the day would: each takes two starts.
    for (let n = 0; n < 20; n++) responses.push(await book(n, before[(2 * n) % before.length]));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 201, 200, ...Array(16).fill(429)]);

    for (const refused of responses.slice(4)) {
      // Past the limit a day from now at the earliest (counted in slots of 2.4 hours).
      const retryAfter = Number(refused.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThan(22 * 3600);
      expect(retryAfter).toBeLessThanOrEqual(26.4 * 3600);
      const body = await refused.text();
      expect(body).toMatch(
        /Too many bookings from your connection today\. To book more, call us at .+ or try again in 24 hours\./,
      );
    }
    const rows = await server().db.selectFrom("bookings").select("email").where("service", "=", "nails").execute();
    expect(rows.map((r) => r.email).sort()).toEqual([0, 1, 2, 3].map((n) => `fresh-${n}@example.com`));
    const after = await freeTimes(date);
    expect(after).toHaveLength(9);
  }, 60_000);

  it("the front desk declines the flood's requests at once from the Requests list, without e-mailing anyone", async () => {
    const date = nextTuesday();
    const db = server().db;
    const flood = await db.selectFrom("bookings").select(["id", "first_name", "last_name"]).orderBy("id").execute();
    expect(flood).toHaveLength(4);
    // One of them the salon has confirmed meanwhile: a bulk decline leaves it.
    await db.updateTable("bookings").set({ status: "confirmed" }).where("id", "=", flood[0].id).execute();

    const page = await (await server().fetch("/admin/bookings", { as: "editor" })).text();
    expect(page).toMatch(/<form[^>]*id="decline-selected"/);
    const checkboxes = [...page.matchAll(/<input type="checkbox"[^>]*>/g)].map((m) => m[0]);
    for (const row of flood.slice(1)) {
      const box = checkboxes.find((input) => input.includes(`name="ids" value="${row.id}"`));
      expect(box).toContain('form="decline-selected"');
      expect(box).toContain(`aria-label="Select ${row.first_name} ${row.last_name}&#x27;s request"`);
    }

    const post = (ids: number[]) => {
      const body = new URLSearchParams({ intent: "decline-selected" });
      for (const id of ids) body.append("ids", String(id));
      return server().fetch("/admin/bookings", { method: "POST", body, as: "editor" });
    };
    const mailsBefore = await db.selectFrom("mail_outbox").select("id").execute();
    const none = await post([]);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Select from 1 to 500 requests to decline.");

    const declined = await post(flood.map((r) => r.id));
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain("3 requests declined; their times are free. No e-mail was sent.");
    const rows = await db.selectFrom("bookings").select(["status", "reason"]).orderBy("id").execute();
    expect(rows).toEqual([
      { status: "confirmed", reason: "" },
      ...Array(3).fill({ status: "declined", reason: "Declined by the salon." }),
    ]);
    expect(await db.selectFrom("mail_outbox").select("id").execute()).toHaveLength(mailsBefore.length);
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("action", "=", "declined a booking request (in bulk, no e-mail)")
      .execute();
    expect(audit).toHaveLength(3);
    // Their times are free again: only the confirmed hour (two starts) is taken.
    expect(await freeTimes(date)).toHaveLength(15);
    expect((await post(flood.map((r) => r.id))).status).toBe(200);
  });
});

describe(`a refused booking does not use up the address's day (${testDialect})`, () => {
  // Trusting its loopback proxy, the server takes each request's address from X-Forwarded-For (the
  // tests without one count 127.0.0.1).
  const server = useTestServer({ env: { BOOKING_RATE_LIMIT: "4", TRUST_PROXY: "loopback" } });

  it("a household that loses the same time five times still books its visit", async () => {
    const date = nextTuesday();
    const availability = await server().fetch(`/api/availability?service=nails&date=${date}`);
    const [first, , second] = ((await availability.json()) as { slots: { start: string }[] }).slots.map((s) => s.start);
    const book = (n: number, start: string) =>
      server().fetch("/api/bookings", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          firstName: "Family",
          lastName: `Member ${n}`,
          email: `member-${n}@example.com`,
          phone: `(281) 555-${String(2000 + n)}`,
          service: "nails",
          start,
          agreeToTerms: true,
        }),
      });
    expect((await book(0, first)).status).toBe(201);
    // Five tries at the time just taken: each refused for what it is, none counted.
    for (let n = 1; n <= 5; n++) expect((await book(n, first)).status).toBe(409);
    const next = await book(6, second);
    expect(next.status).toBe(201);
  });

  it("a suite tour counts against the same day's bookings: past the limit /suites/tour answers 429", async () => {
    // The household above booked twice from this address: two tours more, then the limit.
    const html = await (await server().fetch(`/suites/tour?date=${nextTuesday()}`)).text();
    const starts = [...html.matchAll(/name="start" value="([^"]+)"/g)].map((m) => m[1]);
    const tour = (n: number) =>
      server().fetch("/suites/tour", {
        method: "POST",
        body: new URLSearchParams({
          start: starts[n],
          firstName: "Tour",
          lastName: `Visitor ${n}`,
          email: `tour-${n}@example.com`,
          phone: `(281) 555-${String(3000 + n)}`,
          specialty: "Hair stylist",
        }),
      });
    expect((await tour(0)).status).toBe(200);
    expect((await tour(1)).status).toBe(200);
    const refused = await tour(2);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(22 * 3600);
    expect(await refused.text()).toMatch(/Too many bookings from your connection today\./);
  });

  it("an IPv6 client is one client: suite tours from new addresses of one /64 are 4 a day, then 429; another /64 books", async () => {
    // A Wednesday: the tours of the test above are on the Tuesday.
    const date = addLocalDays(nextTuesday(), 1);
    const html = await (await server().fetch(`/suites/tour?date=${date}`)).text();
    const starts = [...html.matchAll(/name="start" value="([^"]+)"/g)].map((m) => m[1]);
    const tour = (n: number, from: string) =>
      server().fetch("/suites/tour", {
        method: "POST",
        headers: { "X-Forwarded-For": from },
        body: new URLSearchParams({
          start: starts[n],
          firstName: "Rotating",
          lastName: `Address ${n}`,
          email: `rotating-${n}@example.com`,
          phone: `(281) 555-${String(4000 + n)}`,
          specialty: "Barber",
        }),
      });
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) statuses.push((await tour(n, `2001:db8:77:1:${n + 1}::1`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect((await tour(6, "2001:db8:77:2::1")).status).toBe(200);
  });
});
