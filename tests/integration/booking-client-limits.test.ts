/**
 * What one client can take: a few upcoming online bookings per e-mail address and per phone
 * number (checked in the transaction that claims the time), and a few e-mails a day to any one
 * address a visitor typed.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BOOKING_SETTINGS_DEFAULTS } from "~/lib/booking/settings";
import { clientCapMessage } from "~/server/booking/engine/client-cap.server";
import { reserveBooking } from "~/server/booking/engine/reserve.server";
import { saveBookingSettings } from "~/server/booking/model.server";
import { ContentService } from "~/server/content/content.server";
import { createLogger } from "~/server/logger.server";
import { RateLimiter } from "~/server/http/rate-limit.server";
import { submitForm } from "~/server/forms/submit-form.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import {
  enqueueVisitorMail,
  HELD_BACK_REASON,
  MAILS_PER_RECIPIENT_PER_DAY,
} from "~/server/mail/recipient-bound.server";
import { bookingRequest as request, outcome, type RequestOverrides } from "../support/booking-request";
import { testDialect, useTestDatabase } from "../support/test-db";

// Monday 2026-11-30, 6:00 in Chicago; the salon opens Tuesday to Friday 9 to 6.
const NOW = Date.parse("2026-11-30T12:00:00Z");
const LINKS = { secret: "test-secret-of-the-site", publicUrl: "https://salon.example" };
const DAYS = ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"];

/** The n-th two-hour time from Tuesday on: four a day (9, 11, 1 and 3 o'clock). */
const nthTime = (n: number) => `${DAYS[Math.floor(n / 4)]}T${String(9 + 2 * (n % 4)).padStart(2, "0")}:00:00-06:00`;

describe(`the cap on upcoming bookings per client (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const content = () => new ContentService(testDb().db);
  const book = (n: number, overrides: RequestOverrides = {}, source?: "staff") =>
    outcome(
      reserveBooking(testDb().db, content(), request({ start: nthTime(n), ...overrides }), {
        links: LINKS,
        now: NOW,
        source,
      }),
    );
  const refusal = async () => `409 ${clientCapMessage(4, (await content().getPage("contact")).salon_phone)}`;
  const stored = () => testDb().db.selectFrom("bookings").select(["id", "email", "phone"]).orderBy("id").execute();

  beforeEach(async () => {
    await testDb().db.deleteFrom("bookings").execute();
    await testDb().db.deleteFrom("mail_outbox").execute();
  });
  afterEach(async () => {
    await saveBookingSettings(testDb().db, BOOKING_SETTINGS_DEFAULTS, null);
  });

  it("refuses a fifth upcoming booking with the same e-mail (any case, a +tag, other phones) with 409 and the salon's phone; nothing stored", async () => {
    const emails = ["ada@example.com", "ADA@Example.com", " ada+2@example.com", "Ada+salon@example.com"];
    for (const [i, email] of emails.entries()) {
      expect(await book(i, { email, phone: `(713) 555-010${i}` })).toBe("done");
    }
    const fifth = await book(4, { email: "ada+5@EXAMPLE.com", phone: "(713) 555-0199" });
    expect(fifth).toBe(await refusal());
    expect(fifth).toMatch(/^409 You already have 4 upcoming visits with us\. To book more, call us at .+ or manage/);
    expect(await stored()).toHaveLength(4);
    // Its e-mail was not queued either: one to the client per booking made (the salon's copies aside).
    const toClient = testDb().db.selectFrom("mail_outbox").select("id").where("to_key", "=", "ada@example.com");
    expect(await toClient.execute()).toHaveLength(4);
  });

  it("refuses a fifth upcoming booking with the same phone number (other e-mails, other formatting)", async () => {
    const phones = ["(713) 555-0100", "713.555.0100", "+1 713 555 0100", "1-713-555-0100"];
    for (const [i, phone] of phones.entries()) {
      expect(await book(i, { email: `client${i}@example.com`, phone })).toBe("done");
    }
    expect(await book(4, { email: "someone-else@example.com", phone: "+1 (713) 5550100" })).toBe(await refusal());
    expect(await stored()).toHaveLength(4);
  });

  it("counts only upcoming online bookings that hold their time; staff bookings neither count nor are refused; 0 = no cap", async () => {
    for (let i = 0; i < 4; i++) expect(await book(i)).toBe("done");
    expect(await book(4)).toBe(await refusal());
    // The salon books the same client on the phone: never refused, and not counted.
    expect(await book(5, {}, "staff")).toBe("done");

    const [first, second, third] = await stored();
    // One cancelled, one request that lapsed unanswered, one in the past: three places free again.
    const db = testDb().db;
    await db.updateTable("bookings").set({ status: "cancelled" }).where("id", "=", first.id).execute();
    const longAgo = new Date(Date.now() - 49 * 3_600_000).toISOString();
    await db.updateTable("bookings").set({ updated_at: longAgo }).where("id", "=", second.id).execute();
    await db
      .updateTable("bookings")
      .set({ starts_at: "2026-11-27T15:00:00.000Z", ends_at: "2026-11-27T17:00:00.000Z" })
      .where("id", "=", third.id)
      .execute();
    for (let i = 6; i < 9; i++) expect(await book(i)).toBe("done");
    expect(await book(9)).toBe(await refusal());

    await saveBookingSettings(db, { ...BOOKING_SETTINGS_DEFAULTS, maxUpcomingPerClient: 0 }, null);
    for (let i = 9; i < 12; i++) expect(await book(i)).toBe("done");
  });

  it("a visit that starts at this very moment is no longer upcoming: it leaves its place to a new booking", async () => {
    for (let i = 0; i < 4; i++) expect(await book(i)).toBe("done");
    const [first] = await stored();
    const startsNow = { starts_at: new Date(NOW).toISOString(), ends_at: new Date(NOW + 2 * 3_600_000).toISOString() };
    await testDb().db.updateTable("bookings").set(startsNow).where("id", "=", first.id).execute();
    expect(await book(4)).toBe("done");
    expect(await book(5)).toBe(await refusal());
  });

  it("six bookings by one client at once, each for another chair: exactly four are made", async () => {
    const services = ["hair", "nails", "body-sculpting", "eyebrows", "makeup", "lashes"];
    const results = await Promise.all(
      services.map((service, i) => book(0, { service, phone: `(832) 555-01${String(i).padStart(2, "0")}` })),
    );
    expect(results.filter((r) => r === "done")).toHaveLength(4);
    expect(results.filter((r) => r !== "done")).toEqual([await refusal(), await refusal()]);
    expect(await stored()).toHaveLength(4);
  });
});

describe(`the daily bound on mail to one address (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const content = () => new ContentService(testDb().db);
  /** Queued mail, oldest first; `to`: only to these (normalised) addresses. */
  const mails = (status?: "pending" | "failed", to?: string[]) => {
    let query = testDb().db.selectFrom("mail_outbox").select(["to_address", "status", "last_error", "kind"]);
    if (status) query = query.where("status", "=", status);
    if (to) query = query.where("to_key", "in", to);
    return query.orderBy("id").execute();
  };
  // The visitors' mail: the salon's own copy of each booking is never bounded.
  const VISITORS = ["victim@example.com", "someone@example.com"];

  beforeEach(async () => {
    await testDb().db.deleteFrom("bookings").execute();
    await testDb().db.deleteFrom("mail_outbox").execute();
  });
  afterEach(async () => {
    await saveBookingSettings(testDb().db, BOOKING_SETTINGS_DEFAULTS, null);
  });

  it("past the bound a booking's e-mail is stored as not sent, with the reason, and the booking stands", async () => {
    await saveBookingSettings(testDb().db, { ...BOOKING_SETTINGS_DEFAULTS, maxUpcomingPerClient: 0 }, null);
    const total = MAILS_PER_RECIPIENT_PER_DAY + 2;
    for (let n = 0; n < total; n++) {
      // One stranger's mailbox, however the address is written.
      const email = n % 2 ? `Victim+${n}@Example.com` : "victim@example.com";
      const booking = reserveBooking(testDb().db, content(), request({ start: nthTime(n), email }), {
        links: LINKS,
        now: NOW,
      });
      expect(await outcome(booking)).toBe("done");
    }
    expect(await testDb().db.selectFrom("bookings").select("id").execute()).toHaveLength(total);
    const all = await mails(undefined, VISITORS);
    expect(all).toHaveLength(total);
    expect(all.slice(0, MAILS_PER_RECIPIENT_PER_DAY).every((m) => m.status === "pending")).toBe(true);
    expect(all.slice(MAILS_PER_RECIPIENT_PER_DAY)).toEqual([
      expect.objectContaining({ status: "failed", last_error: HELD_BACK_REASON }),
      expect.objectContaining({ status: "failed", last_error: HELD_BACK_REASON }),
    ]);
    // Another address is not affected.
    await enqueueVisitorMail(testDb().db, { to: "someone@example.com", subject: "Hello", text: "x" });
    expect(await mails("pending", VISITORS)).toHaveLength(MAILS_PER_RECIPIENT_PER_DAY + 1);
  });

  it("a form's confirmation past the bound is not sent, its notification to the salon is; mail queued for the salon is never held back", async () => {
    for (let n = 0; n < MAILS_PER_RECIPIENT_PER_DAY; n++) {
      await enqueueVisitorMail(testDb().db, { to: "victim@example.com", subject: `Mail ${n}`, text: "x" });
    }
    const result = await submitForm(
      {
        db: testDb().db,
        content: content(),
        rateLimiter: new RateLimiter(100, 60_000),
        logger: createLogger("silent"),
        publicUrl: "https://salon.example",
      },
      { formType: "Contact", name: "Ada", email: "VICTIM@example.com", message: "Hello" },
      { clientIp: "203.0.113.4" },
    );
    expect(result).toMatchObject({ ok: true });
    const queued = await mails();
    expect(queued.at(-1)).toMatchObject({ kind: "confirmation", status: "failed", last_error: HELD_BACK_REASON });
    expect(queued.at(-2)).toMatchObject({ kind: "notification", status: "pending" });

    // The salon's own mail (enqueueMail) goes out however many there are.
    const salon = queued.at(-2)!.to_address;
    for (let n = 0; n < MAILS_PER_RECIPIENT_PER_DAY + 2; n++) {
      await enqueueMail(testDb().db, { to: salon, subject: `Notification ${n}`, text: "x" });
    }
    expect((await mails("pending")).filter((m) => m.to_address === salon)).toHaveLength(
      MAILS_PER_RECIPIENT_PER_DAY + 3,
    );
  });
});
