import { beforeEach, describe, expect, it } from "vitest";
import { addDefaultSuiteTypes } from "../support/suite-types";
import { contactDefaults } from "~/content/contact";
import { ContentService } from "~/server/content/content.server";
import { RateLimiter } from "~/server/http/rate-limit.server";
import { submitForm, type FormServiceDeps, type SubmissionMeta } from "~/server/forms/submit-form.server";
import { createLogger } from "~/server/logger.server";
import { saveSettings } from "~/server/settings/settings.server";
import { CONTACT_BODY as contactBody } from "../support/submission-bodies";
import { queuedMailsAsSent } from "../support/queued-mail";
import { testDialect, useTestDatabase } from "../support/test-db";
import { dayFromToday, openDayFromToday } from "../support/dates";
import { addLocalDays, weekdayOf } from "~/lib/booking/availability";

const meta: SubmissionMeta = {
  clientIp: "203.0.113.7",
  userAgent: "Mozilla/5.0 (integration test)",
  pagePath: "/contact",
  referrer: "https://www.google.com/",
  utm: { utm_source: "google", utm_campaign: "spring" },
};

describe(`submitForm (${testDialect})`, () => {
  const testDb = useTestDatabase();
  let deps: FormServiceDeps;
  let queued = 0;

  const submissions = () => testDb().db.selectFrom("form_submissions").selectAll().orderBy("id").execute();
  const outbox = () => testDb().db.selectFrom("mail_outbox").selectAll().orderBy("id").execute();

  beforeEach(async () => {
    const { db } = testDb();
    await db.deleteFrom("mail_outbox").execute();
    await db.deleteFrom("form_submissions").execute();
    await db.deleteFrom("site_content").execute();
    await addDefaultSuiteTypes(db);
    // The visitor's confirmation e-mail has its own tests (submissions-inbox.test.ts); here only
    // the staff notification is queued.
    await saveSettings(db, { confirmationEmails: false }, null);
    queued = 0;
    deps = {
      db,
      content: new ContentService(db),
      rateLimiter: new RateLimiter(10, 60_000),
      logger: createLogger("silent"),
      publicUrl: "https://salon.example",
      onMailQueued: () => queued++,
    };
  });

  it("stores a valid Contact submission and queues its notification in the same breath", async () => {
    const before = new Date().toISOString();
    const result = await submitForm(deps, contactBody, meta);
    const after = new Date().toISOString();
    expect(result).toMatchObject({ ok: true, spam: false });
    if (!result.ok) throw new Error("refused");

    const [row, ...more] = await submissions();
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      id: result.id,
      form_type: "Contact",
      name: "Jane Doe",
      email: "jane@example.com",
      phone: "(713) 555-0100",
      service: "facial",
      message: "Do you have an opening on Saturday?",
      preferred_date: null,
      preferred_time: null,
      details: null,
      status: "new",
      page_path: "/contact",
      referrer: "https://www.google.com/",
      client_ip: "203.0.113.7",
      user_agent: "Mozilla/5.0 (integration test)",
    });
    expect(JSON.parse(row.utm!)).toEqual({ utm_source: "google", utm_campaign: "spring" });
    // Stamped when it was stored: between the call and its answer.
    expect(row.created_at >= before && row.created_at <= after, `${before} ≤ ${row.created_at} ≤ ${after}`).toBe(true);

    const [mail, ...moreMail] = await outbox();
    expect(moreMail).toEqual([]);
    expect(mail).toMatchObject({
      to_address: contactDefaults.email,
      reply_to: "jane@example.com",
      submission_id: result.id,
      status: "pending",
      attempts: 0,
    });
    expect(mail.subject).toContain("Jane Doe");
    // Its body is written when it is sent, from the row just stored.
    expect(mail.text_body).toBeNull();
    const [asSent] = await queuedMailsAsSent(testDb().db);
    expect(asSent.text_body).toContain("Do you have an opening on Saturday?");
    expect(asSent.text_body).toContain(`https://salon.example/admin/submissions/${result.id}`);
    expect(queued).toBe(1);
  });

  it("sends the notification to the contact e-mail as edited, or to NOTIFY_EMAIL when set", async () => {
    await deps.content.save("contact", { email: "bookings@salon.example" });
    await submitForm(deps, contactBody, meta);
    await submitForm({ ...deps, notifyEmail: "owner@salon.example" }, contactBody, meta);
    expect((await outbox()).map((m) => m.to_address)).toEqual(["bookings@salon.example", "owner@salon.example"]);
  });

  it("a notification settings save reaches the next submission (the cached settings are dropped)", async () => {
    await submitForm(deps, contactBody, meta);
    await deps.content.saveSettings({ notifyEmail: "frontdesk@salon.example", confirmationEmails: true }, null);
    await submitForm(deps, contactBody, meta);
    const mails = await outbox();
    expect(mails.map((m) => [m.kind, m.to_address])).toEqual([
      ["notification", contactDefaults.email],
      ["notification", "frontdesk@salon.example"],
      ["confirmation", "jane@example.com"],
    ]);
  });

  it("stores text with NUL (PostgreSQL text cannot hold one), control and bidi override characters without them", async () => {
    const result = await submitForm(
      deps,
      { ...contactBody, name: "Ja\u0000ne \u202EDoe", message: "Hello\u0000 there,\r\nis Friday free?\u2069" },
      { ...meta, pagePath: "/contact\u0000", userAgent: "Mozilla/5.0\u0000 (X11)\u202E" },
    );
    expect(result).toMatchObject({ ok: true });
    const [row] = await submissions();
    expect(row).toMatchObject({
      name: "Jane Doe",
      message: "Hello there,\r\nis Friday free?",
      page_path: "/contact",
      user_agent: "Mozilla/5.0 (X11)",
    });
  });

  it("refuses an invalid body with 400 and field errors, storing nothing", async () => {
    const result = await submitForm(deps, { ...contactBody, email: "" }, meta);
    expect(result).toMatchObject({ ok: false, status: 400 });
    if (result.ok || result.status !== 400) throw new Error("expected a 400");
    expect(result.fieldErrors.email?.length).toBeGreaterThan(0);
    expect(result.error).toBeTruthy();
    expect(await submissions()).toEqual([]);
    expect(await outbox()).toEqual([]);
    expect(queued).toBe(0);
  });

  it("keeps a submission with the honeypot filled as spam and queues no mail", async () => {
    const result = await submitForm(deps, contactBody, { ...meta, honeypot: "http://spam.example" });
    expect(result).toMatchObject({ ok: true, spam: true });
    expect((await submissions()).map((s) => s.status)).toEqual(["spam"]);
    expect(await outbox()).toEqual([]);
    expect(queued).toBe(0);
  });

  it("answers the 11th submission from one address within a minute with 429", async () => {
    for (let i = 0; i < 10; i++) {
      expect(await submitForm(deps, { ...contactBody, name: `Visitor ${i}` }, meta)).toMatchObject({ ok: true });
    }
    const refused = await submitForm(deps, contactBody, meta);
    expect(refused).toMatchObject({ ok: false, status: 429 });
    if (refused.ok || refused.status !== 429) throw new Error("expected a 429");
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    // The window (a minute) and the slot it is counted in (6 s).
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(66);
    expect(await submissions()).toHaveLength(10);
    expect(await outbox()).toHaveLength(10);

    // Another address is not affected.
    expect(await submitForm(deps, contactBody, { ...meta, clientIp: "198.51.100.1" })).toMatchObject({ ok: true });
  });

  /** A booking request, as POST /api/submit-form takes it; each test gives its preferred date. */
  const bookingRequest = {
    formType: "Booking",
    name: "Ana Lopez",
    email: "ana@example.com",
    phone: "713-555-0111",
    service: "Balayage",
    preferredTime: "10:00 AM",
    message: "First visit",
    agreeToTerms: true,
  };

  it("refuses a Booking for a past date with a preferredDate message, and stores a future one", async () => {
    const booking = { ...bookingRequest, preferredDate: dayFromToday(-1) };
    const past = await submitForm(deps, booking, { ...meta, pagePath: "/book/hair" });
    expect(past).toMatchObject({ ok: false, status: 400 });
    if (past.ok || past.status !== 400) throw new Error("expected a 400");
    expect(past.fieldErrors.preferredDate).toEqual([expect.stringMatching(/today/i)]);
    expect(Object.keys(past.fieldErrors)).toEqual(["preferredDate"]);
    expect(await submissions()).toEqual([]);

    const future = openDayFromToday(3);
    const ok = await submitForm(deps, { ...booking, preferredDate: future }, { ...meta, pagePath: "/book/hair" });
    expect(ok).toMatchObject({ ok: true });
    expect(await submissions()).toMatchObject([
      {
        form_type: "Booking",
        service: "Balayage",
        preferred_date: future,
        preferred_time: "10:00 AM",
        message: "First visit",
        page_path: "/book/hair",
      },
    ]);
  });

  it("refuses a Booking for a day the salon is closed (a weekday without hours, a closure), storing nothing", async () => {
    // The default hours close Sunday, Monday and Saturday.
    let sunday = dayFromToday(1);
    while (weekdayOf(sunday) !== 0) sunday = addLocalDays(sunday, 1);
    const closedDay = await submitForm(deps, { ...bookingRequest, preferredDate: sunday }, meta);
    expect(closedDay).toEqual({
      ok: false,
      status: 400,
      error: "Please correct the highlighted fields and try again.",
      fieldErrors: { preferredDate: ["We are closed that day."] },
    });

    const open = openDayFromToday(3);
    await testDb()
      .db.insertInto("booking_closures")
      .values({ from_date: open, to_date: open, label: "Staff training", created_at: new Date().toISOString() })
      .execute();
    const closure = await submitForm(deps, { ...bookingRequest, preferredDate: open }, meta);
    expect(closure).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { preferredDate: ["We are closed that day (Staff training)."] },
    });
    expect(await submissions()).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it("takes a Suite Application's suite types from the database: one the owner added, not one unlisted", async () => {
    const { db } = testDb();
    const apply = (suiteSizes: string[], email: string) =>
      submitForm(
        deps,
        { formType: "Suite Application", name: "Ana Lopez", email, phone: "713-555-0111", details: { suiteSizes } },
        meta,
      );
    expect(await apply(["Daily Rentals", "Penthouse"], "pent@example.com")).toEqual({
      ok: false,
      status: 400,
      error: "Please correct the highlighted fields and try again.",
      fieldErrors: { "details.suiteSizes": ["Choose a listed suite type"] },
    });
    const at = new Date().toISOString();
    await db
      .insertInto("suite_types")
      .values({
        slug: "bridal",
        name: "Bridal Suite",
        size_label: "Big",
        rent_from_cents: 50000,
        display_order: 9,
        included: "[]",
        photos: "[]",
        description: "",
        created_at: at,
        updated_at: at,
      })
      .execute();
    try {
      expect(await apply(["Bridal Suite"], "bride@example.com")).toMatchObject({ ok: true });
    } finally {
      await db.deleteFrom("suite_types").where("slug", "=", "bridal").execute();
    }
    expect((await submissions()).map((row) => row.email)).toEqual(["bride@example.com"]);
  });

  it("stores every field of a Suite Application's details as JSON", async () => {
    const details = {
      address: "12 Main St",
      city: "Houston",
      state: "TX",
      zipCode: "77002",
      instagram: "@ana.hair",
      facebook: "ana.hair",
      tiktok: "@anahair",
      twitter: "@ana_hair",
      communicationPreference: "text",
      dateOfBirth: "1990-04-12",
      professionalLicenseId: "TX-123456",
      businessName: "Ana Hair Studio",
      howFoundOut: "referral",
      educationExperience: "Cosmetology school, 8 years behind the chair",
      servicesProvided: "Color, cuts, silk press",
      typicalAnnualIncome: "50k-75k",
      suiteLeasingExperience: "yes",
      specialSuiteRequirements: "A shampoo bowl",
      suiteSizes: ["Small Suites", "Hair Stations"],
      desiredOccupancyDate: dayFromToday(30),
    };
    const result = await submitForm(
      deps,
      { formType: "Suite Application", name: "Ana Lopez", email: "ana@example.com", phone: "713-555-0111", details },
      { ...meta, pagePath: "/suites" },
    );
    expect(result).toMatchObject({ ok: true });

    const [row] = await submissions();
    expect(row).toMatchObject({ form_type: "Suite Application", name: "Ana Lopez", phone: "713-555-0111" });
    expect(JSON.parse(row.details!)).toEqual(details);
    const [mail] = await queuedMailsAsSent(testDb().db);
    expect(mail.text_body).toContain("Professional License ID: TX-123456");
    expect(mail.text_body).toContain("Suite sizes: Small Suites, Hair Stations");
  });

  it("stores a Newsletter sign-up with the e-mail and an empty name", async () => {
    const result = await submitForm(
      deps,
      { formType: "Newsletter", email: "news@example.com" },
      { ...meta, pagePath: "/" },
    );
    expect(result).toMatchObject({ ok: true, spam: false });
    expect(await submissions()).toMatchObject([
      { form_type: "Newsletter", name: "", email: "news@example.com", phone: null, message: null, status: "new" },
    ]);
    expect(await outbox()).toMatchObject([
      { reply_to: "news@example.com", subject: expect.stringContaining("news@example.com") },
    ]);
  });
});
