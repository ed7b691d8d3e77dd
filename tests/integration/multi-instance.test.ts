/**
 * Several instances of the site on one database: what one instance changes, the others show at
 * once; each queued e-mail goes out once; a visitor's form rate limit is counted across them.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { contactDefaults } from "~/content/contact";
import { addLocalDays, localDate, weekdayOf } from "~/lib/booking/availability";
import { PROFILE_KEYS } from "~/routes/admin/settings.server";
import { createSession, SESSION_COOKIE } from "~/server/auth/session.server";
import { upsertUser } from "~/server/auth/users.server";
import { DatabaseRateLimiter } from "~/server/http/rate-limit.server";
import { startServer, type RunningServer } from "../../scripts/bench/server-process";
import { ensureBuild } from "../../scripts/ensure-build";
import { untilKept } from "../support/page-cache";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { testDialect, useTestDatabase } from "../support/test-db";

describe(`form rate limit shared by instances (${testDialect})`, () => {
  const testDb = useTestDatabase();

  it("two instances' limiters count one client together, and let it in again once its first hits have left the window", async () => {
    let now = Date.parse("2026-11-23T10:00:05Z");
    const a = new DatabaseRateLimiter(testDb().db, 3, 60_000, () => now);
    const b = new DatabaseRateLimiter(testDb().db, 3, 60_000, () => now);
    const verdicts = [
      await a.hit("198.51.100.1"),
      await b.hit("198.51.100.1"),
      await a.hit("198.51.100.1"),
      await b.hit("198.51.100.1"),
    ];
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    // Counted in slots of 6 s: the hits of 10:00:00–10:00:06 leave the window at 10:01:06.
    expect(verdicts[3].retryAfterSeconds).toBe(61);
    expect((await b.hit("198.51.100.2")).allowed).toBe(true);
    now += 60_000; // a new minute on the clock, but the window still holds the three
    expect((await a.hit("198.51.100.1")).allowed).toBe(false);
    now += 1_000;
    expect((await a.hit("198.51.100.1")).allowed).toBe(true);
  });

  it("a hit given back by one instance frees its place for the other; never below nothing; scopes stay apart", async () => {
    const now = Date.parse("2026-11-23T10:00:05Z");
    const a = new DatabaseRateLimiter(testDb().db, 2, 60_000, () => now, "booking");
    const b = new DatabaseRateLimiter(testDb().db, 2, 60_000, () => now, "booking");
    const forms = new DatabaseRateLimiter(testDb().db, 1, 60_000, () => now);
    await b.giveBack("198.51.100.9"); // nothing counted yet
    expect((await forms.hit("198.51.100.9")).allowed).toBe(true);
    expect([(await a.hit("198.51.100.9")).allowed, (await b.hit("198.51.100.9")).allowed]).toEqual([true, true]);
    expect((await a.hit("198.51.100.9")).allowed).toBe(false);
    await b.giveBack("198.51.100.9");
    expect((await a.hit("198.51.100.9")).allowed).toBe(true);
    for (let i = 0; i < 4; i++) await a.giveBack("198.51.100.9");
    expect([(await b.hit("198.51.100.9")).allowed, (await b.hit("198.51.100.9")).allowed]).toEqual([true, true]);
    expect((await b.hit("198.51.100.9")).allowed).toBe(false);
    // The form limiter's count under the same address was not touched.
    expect((await forms.hit("198.51.100.9")).allowed).toBe(false);
  });

  it("gives a burst across a minute boundary no more than the limit, from two instances", async () => {
    let now = Date.parse("2026-11-23T12:00:50Z");
    const a = new DatabaseRateLimiter(testDb().db, 10, 60_000, () => now);
    const b = new DatabaseRateLimiter(testDb().db, 10, 60_000, () => now);
    const burst = () => Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).hit("198.51.100.7")));
    const before = await burst(); // 12:00:50 …
    now += 15_000; // … and 12:01:05
    const after = await burst();
    expect([...before, ...after].filter((v) => v.allowed)).toHaveLength(10);
    expect(after.every((v) => !v.allowed && v.retryAfterSeconds > 0)).toBe(true);
  });

  it("counts only the hits it allows, and keeps limiters of other scopes apart", async () => {
    let now = Date.parse("2026-11-23T13:00:00Z");
    const form = new DatabaseRateLimiter(testDb().db, 2, 60_000, () => now);
    const booking = new DatabaseRateLimiter(testDb().db, 1, 24 * 3_600_000, () => now, "booking");
    expect((await Promise.all([1, 2, 3, 4, 5].map(() => form.hit("198.51.100.8")))).map((v) => v.allowed)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    // The same address has its own count in the booking scope.
    expect((await booking.hit("198.51.100.8")).allowed).toBe(true);
    expect((await booking.hit("198.51.100.8")).allowed).toBe(false);
    const rows = await testDb().db.selectFrom("rate_limits").select(["key", "count"]).orderBy("key").execute();
    expect(rows.map((r) => [r.key, Number(r.count)])).toEqual([
      ["198.51.100.8", 2],
      ["booking:198.51.100.8", 1],
    ]);
    // The refused retries did not push the next chance back: the window opens 66 s after the first.
    now += 66_000;
    expect((await form.hit("198.51.100.8")).allowed).toBe(true);
  });
});

describe(`form rate limit, hits arriving together (${testDialect})`, () => {
  const testDb = useTestDatabase();

  it("counts a burst with one transaction, each hit in arrival order, per client", async () => {
    const now = Date.parse("2026-11-23T11:00:05Z");
    const limiter = new DatabaseRateLimiter(testDb().db, 3, 60_000, () => now);
    const burst = await Promise.all([
      limiter.hit("203.0.113.1"),
      limiter.hit("203.0.113.1"),
      limiter.hit("203.0.113.2"),
      limiter.hit("203.0.113.1"),
      limiter.hit("203.0.113.1"),
      limiter.hit("203.0.113.1"),
    ]);
    expect(burst.map((v) => v.allowed)).toEqual([true, true, true, true, false, false]);
    expect(burst[4].retryAfterSeconds).toBe(61);
    // The count is kept: the next burst starts where this one ended.
    const next = await Promise.all([
      limiter.hit("203.0.113.2"),
      limiter.hit("203.0.113.2"),
      limiter.hit("203.0.113.2"),
    ]);
    expect(next.map((v) => v.allowed)).toEqual([true, true, false]);
  });
});

describe.skipIf(testDialect !== "postgres")("two instances on one PostgreSQL database", () => {
  const testDb = useTestDatabase();
  let a: RunningServer;
  let b: RunningServer;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    ensureBuild();
    smtp = await startSmtpServer();
    const env = { DATABASE_URL: testDb().url, SMTP_URL: smtp.url, OUTBOX_POLL_MS: "100", FORM_RATE_LIMIT: "1000" };
    // A renders every page afresh (PAGE_CACHE=off): its admin saves must still reach B's caches.
    [a, b] = await Promise.all([startServer({ env: { ...env, PAGE_CACHE: "off" } }), startServer({ env })]);
  }, 300_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.close();
  });

  /** An admin's POST of the settings form to instance A, as the admin's browser sends it. */
  async function postSettingsOnA(form: URLSearchParams) {
    const { db } = testDb();
    const { id } = await upsertUser(db, {
      email: "multi@aurelia.test",
      password: "a-long-enough-password",
      role: "admin",
    });
    const token = await createSession(db, { userId: id, aal: "aal1", userAgent: "vitest", ip: "127.0.0.1" });
    const saved = await fetch(`${a.url}/admin/settings`, {
      method: "POST",
      headers: {
        Cookie: `${SESSION_COOKIE}=${token}`,
        Origin: a.url,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: form,
      redirect: "manual",
    });
    expect(saved.status).toBeLessThan(400);
  }

  it("a content save on one instance shows on the other's next request, though it had the page cached", async () => {
    const cached = await untilKept(() => fetch(`${b.url}/contact`));
    await cached.text();
    expect(cached.headers.get("x-cache")).toBe("HIT");

    const form = new URLSearchParams({ intent: "profile" });
    for (const key of PROFILE_KEYS) form.set(key, contactDefaults[key]);
    form.set("hours_note", "Saved on instance A, seen on instance B");
    await postSettingsOnA(form);

    await vi.waitUntil(
      async () =>
        (await fetch(`${b.url}/contact`).then((r) => r.text())).includes("Saved on instance A, seen on instance B"),
      {
        timeout: 5_000,
        interval: 100,
      },
    );
  });

  it("a notification settings save on one instance reaches the other's next submission", async () => {
    const { db } = testDb();
    const submit = () =>
      fetch(`${b.url}/api/submit-form`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: b.url },
        body: JSON.stringify({ formType: "Contact", name: "Settings Check", email: "settings@example.com" }),
      }).then(async (r) => ((await r.json()) as { id: number }).id);
    // B reads (and caches) the settings with a first submission.
    await submit();
    await postSettingsOnA(new URLSearchParams({ intent: "notifications", notifyEmail: "frontdesk@salon.example" }));
    await vi.waitUntil(
      async () => {
        const submissionId = await submit();
        const mails = await db
          .selectFrom("mail_outbox")
          .select("to_address")
          .where("submission_id", "=", submissionId)
          .execute();
        return mails.some((m) => m.to_address === "frontdesk@salon.example");
      },
      { timeout: 5_000, interval: 200 },
    );
  });

  it("a booking on one instance drops the other's kept booking page: its time is not offered again", async () => {
    let date = addLocalDays(localDate(Date.now(), "America/Chicago"), 2);
    while (weekdayOf(date) !== 2) date = addLocalDays(date, 1);
    const page = `${b.url}/book/nails?date=${date}`;
    // A page without free times, kept on B too: a booking leaves it kept.
    await untilKept(() => fetch(`${b.url}/suites`));
    const kept = await untilKept(() => fetch(page));
    const start = /<input type="radio"[^>]*name="start" value="([^"]+)"/.exec(await kept.text())?.[1];
    expect(start).toMatch(new RegExp(`^${date}T`));

    const booked = await fetch(`${a.url}/api/bookings`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: a.url },
      body: JSON.stringify({
        service: "nails",
        start,
        firstName: "Ada",
        lastName: "Client",
        email: "ada@example.com",
        phone: "(713) 555-0100",
        agreeToTerms: true,
      }),
    });
    expect(booked.status).toBe(201);
    // The NOTIFY reaches B a moment after A's answer.
    await vi.waitUntil(async () => !(await fetch(page).then((r) => r.text())).includes(`value="${start}"`), {
      timeout: 5_000,
      interval: 50,
    });
    expect((await fetch(`${b.url}/suites`)).headers.get("x-cache")).toBe("HIT");
  });

  it("every queued e-mail is delivered exactly once though both instances' workers poll the outbox", async () => {
    const posts = Array.from({ length: 30 }, (_, i) => {
      const server = i % 2 ? a : b;
      return fetch(`${server.url}/api/submit-form`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.url },
        body: JSON.stringify({
          formType: "Contact",
          name: `Visitor ${i}`,
          email: `v${i}@example.com`,
          message: "Is Saturday free?",
        }),
      }).then((r) => r.status);
    });
    expect(new Set(await Promise.all(posts))).toEqual(new Set([200]));

    const { db } = testDb();
    await vi.waitUntil(
      async () =>
        (await db.selectFrom("mail_outbox").select("id").where("status", "!=", "sent").execute()).length === 0,
      { timeout: 20_000, interval: 100 },
    );
    const mails = await db.selectFrom("mail_outbox").select(["id", "subject"]).execute();
    expect(mails.length).toBeGreaterThanOrEqual(30);
    // Both instances stopped: each waits for its worker's round in flight, so a mail a second
    // worker were sending again would have reached the mail server by now.
    await Promise.all([a.stop(), b.stop()]);
    expect(smtp.received).toHaveLength(mails.length);
  }, 60_000);
});
