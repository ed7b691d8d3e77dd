import { beforeEach, describe, expect, it } from "vitest";
import { aboutDefaults } from "~/content/about";
import { contactDefaults } from "~/content/contact";
import { parseInboxQuery } from "~/lib/submissions";
import { upsertUser } from "~/server/auth/users.server";
import { ContentService } from "~/server/content/content.server";
import { seedDefaults } from "~/server/content/seed.server";
import { CHECKLIST_META, firstRunChecklist, tickChecklist } from "~/server/dashboard/checklist.server";
import { nowIso } from "~/server/db/database.server";
import { DEMO_EMAIL_DOMAIN } from "~/server/demo/generate";
import { createLogger } from "~/server/logger.server";
import { OutboxWorker, smtpTransport } from "~/server/mail/outbox.server";
import { listSubmissions, statusCounts } from "~/server/submissions/query.server";
import { repliesFor, sendSubmissionReply } from "~/server/submissions/reply.server";
import { deleteSubmission, getSubmission } from "~/server/submissions/submissions.server";
import { insertBookingRow } from "../support/booking-rows";
import { imageRow } from "../support/content-rows";
import { parseMail, startSmtpServer } from "../support/smtp";
import { contactSubmissionRow } from "../support/submission-rows";
import { clearTables, testDialect, useTestDatabase } from "../support/test-db";

const logger = createLogger("silent");
const actor = { userId: 7, email: "owner@salon.example" };
const business = { business_name: contactDefaults.business_name, email: contactDefaults.email };
const timeZone = "America/Chicago";

describe(`replies from the inbox (${testDialect})`, () => {
  const testDb = useTestDatabase();

  beforeEach(async () => {
    await clearTables(testDb().db, ["submission_replies", "mail_outbox", "form_submissions", "audit_log"]);
  });

  async function submission(overrides: Parameters<typeof contactSubmissionRow>[0] = {}) {
    const row = await testDb()
      .db.insertInto("form_submissions")
      .values(
        contactSubmissionRow({
          name: "Jane Doe",
          email: "jane@example.com",
          message: "Do you have a time for a balayage\non Saturday?",
          status: "read",
          created_at: "2026-11-20T15:30:00.000Z",
          ...overrides,
        }),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const reply = (submissionId: number, body = "Yes: Saturday at 10 works.\nSee you then!") =>
    sendSubmissionReply(testDb().db, { submissionId, body, actor, business, timeZone });

  it("queues the reply from the salon, with the client's message quoted, keeps it, and marks the submission answered", async () => {
    const { db } = testDb();
    const id = await submission();
    const result = await reply(id);
    expect(result.ok).toBe(true);

    expect((await getSubmission(db, id))?.status).toBe("answered");
    const counts = await statusCounts(db, { type: null, q: "" });
    expect(counts.answered).toBe(1);
    const answered = await listSubmissions(db, parseInboxQuery(new URLSearchParams("status=answered")));
    expect(answered.rows.map((r) => r.id)).toEqual([id]);
    // Answered stays in the inbox: staff still see it there, with its badge.
    expect((await listSubmissions(db, parseInboxQuery(new URLSearchParams("")))).rows.map((r) => r.id)).toEqual([id]);

    const [kept] = await repliesFor(db, id);
    expect(kept).toMatchObject({
      author: actor.email,
      body: "Yes: Saturday at 10 works.\nSee you then!",
      delivery: { status: "pending", attempts: 0, sentAt: null },
    });
    const audit = await db.selectFrom("audit_log").select(["user_email", "action"]).execute();
    expect(audit).toEqual([{ user_email: actor.email, action: `replied to submission #${id} from Jane Doe` }]);

    const smtp = await startSmtpServer();
    try {
      const worker = new OutboxWorker(db, smtpTransport(smtp.url), { from: "Salon <no-reply@salon.example>", logger });
      expect(await worker.deliverDue()).toBe(1);
      expect(smtp.received[0].rcptTo).toEqual(["jane@example.com"]);
      const mail = parseMail(smtp.received[0].raw);
      expect(mail.headers.from).toBe("Salon <no-reply@salon.example>");
      expect(mail.headers["reply-to"]).toBe(contactDefaults.email);
      const [row] = await db.selectFrom("mail_outbox").select(["subject", "kind", "submission_id"]).execute();
      expect(row).toEqual({
        subject: `Re: We received your request — ${contactDefaults.business_name}`,
        kind: "reply",
        submission_id: id,
      });
      expect(mail.headers.subject).toMatch(/^=\?UTF-8\?Q\?Re=3A_We_received_your_request/);
      expect(mail.text).toContain("Yes: Saturday at 10 works.\nSee you then!");
      expect(mail.text).toContain(
        "On Nov 20, 2026 at 9:30 AM, Jane Doe wrote:\n> Do you have a time for a balayage\n> on Saturday?",
      );
      expect(mail.text.indexOf("See you then!")).toBeLessThan(mail.text.indexOf("> Do you have"));
      expect(mail.html).toContain("<blockquote");
      expect(mail.html).toContain("Do you have a time for a balayage<br>on Saturday?");
    } finally {
      await smtp.close();
    }
    const [sent] = await repliesFor(db, id);
    expect(sent.delivery).toMatchObject({ status: "sent", attempts: 1 });
    expect(sent.delivery?.sentAt).toEqual(expect.any(String));
  });

  it("escapes the client's words in the HTML part and quotes a request without a message by its fields", async () => {
    const { db } = testDb();
    const id = await submission({
      form_type: "Booking",
      message: null,
      name: "<b>Eve</b>",
      service: "Balayage",
      preferred_date: "2026-12-05",
      preferred_time: "10:00 AM",
    });
    await reply(id, "Booked <you> in.");
    const [mail] = await db.selectFrom("mail_outbox").select(["text_body", "html_body", "kind"]).execute();
    expect(mail.kind).toBe("reply");
    expect(mail.text_body).toContain("> Service: Balayage\n> Preferred date:");
    expect(mail.text_body).toContain("> Preferred time: 10:00 AM");
    expect(mail.html_body).toContain("Booked &lt;you&gt; in.");
    expect(mail.html_body).toContain("&lt;b&gt;Eve&lt;/b&gt; wrote:");
    expect(mail.html_body).not.toContain("<b>Eve</b>");
  });

  it("shows a failed send on the reply: the attempts and the mail server's error", async () => {
    const { db } = testDb();
    const id = await submission();
    await reply(id);
    const smtp = await startSmtpServer();
    const closedUrl = smtp.url;
    await smtp.close();
    const worker = new OutboxWorker(db, smtpTransport(closedUrl), { from: "Salon <no-reply@salon.example>", logger });
    expect(await worker.deliverDue()).toBe(0);
    const [kept] = await repliesFor(db, id);
    expect(kept.delivery).toMatchObject({ status: "pending", attempts: 1, sentAt: null });
    expect(kept.delivery?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect((await getSubmission(db, id))?.status).toBe("answered");
  });

  it("refuses a submission without an e-mail address, a spam one and a missing one, changing nothing", async () => {
    const { db } = testDb();
    const noEmail = await submission({ email: "", phone: "(713) 555-0101" });
    const spam = await submission({ status: "spam" });
    expect(await reply(noEmail)).toEqual({ ok: false, reason: "no-email" });
    expect(await reply(spam)).toEqual({ ok: false, reason: "spam" });
    expect(await reply(999_999)).toEqual({ ok: false, reason: "not-found" });
    expect((await getSubmission(db, noEmail))?.status).toBe("read");
    expect((await getSubmission(db, spam))?.status).toBe("spam");
    expect(await db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("submission_replies").select("id").execute()).toEqual([]);
  });

  it("keeps several replies in order, and deletes them with their submission", async () => {
    const { db } = testDb();
    const id = await submission();
    await reply(id, "First answer.");
    await reply(id, "Second answer.");
    expect((await repliesFor(db, id)).map((r) => r.body)).toEqual(["First answer.", "Second answer."]);
    await deleteSubmission(db, id, actor);
    expect(await db.selectFrom("submission_replies").select("id").execute()).toEqual([]);
  });
});

describe(`the first-run checklist (${testDialect})`, () => {
  const testDb = useTestDatabase();
  let userId: number;

  beforeEach(async () => {
    const { db } = testDb();
    await clearTables(db, [
      "totp_factors",
      "bookings",
      "staff",
      "site_content",
      "hero_slides",
      "app_meta",
      "site_images",
      "user_roles",
      "users",
    ]);
    await seedDefaults(db);
    ({ id: userId } = await upsertUser(db, {
      email: "owner@salon.example",
      password: "a-long-enough-password",
      role: "admin",
    }));
  });

  const checklist = async () => {
    const { db } = testDb();
    const list = await firstRunChecklist(db, new ContentService(db), userId);
    return { ...list, byId: Object.fromEntries(list.items.map((item) => [item.id, item])) };
  };

  async function addStaff(email: string) {
    const stamp = nowIso();
    await testDb()
      .db.insertInto("staff")
      .values({ name: "Mia", email, calendar_token: "t".repeat(32), created_at: stamp, updated_at: stamp })
      .execute();
  }

  it("starts with nothing done on a new salon, and counts the built-in photos its pages show", async () => {
    const list = await checklist();
    expect(list.doneCount).toBe(0);
    expect(list.show).toBe(true);
    expect(list.byId.business.detail).toBe("Still the demo's: name, address, phone, hours.");
    expect(list.byId.photos.detail).toMatch(/^\d+ built-in photos are still on your pages\.$/);
  });

  it("ticks each item from the data: details, photos, staff, a booking, two-factor", async () => {
    const { db } = testDb();
    const content = new ContentService(db);
    const photosBefore = parseInt((await checklist()).byId.photos.detail, 10);

    await content.save("contact", { business_name: "Studio Nine", salon_phone: "(212) 555-0100" });
    expect((await checklist()).byId.business).toMatchObject({
      done: false,
      detail: "Still the demo's: address, hours.",
    });
    await content.save("contact", { city: "Brooklyn", hours_saturday: "10:00 AM - 4:00 PM" });
    expect((await checklist()).byId.business).toMatchObject({ done: true, detail: "Set." });

    // A photo of the owner's own, from the library, in place of a built-in one.
    await db.insertInto("site_images").values(imageRow("owner.jpg")).execute();
    await content.save("about", { ceo_image: "/media/owner.jpg" });
    expect(aboutDefaults.ceo_image).toBe("/images/about-ceo.jpg");
    expect(parseInt((await checklist()).byId.photos.detail, 10)).toBe(photosBefore - 1);

    // The demo's people and bookings are not the owner's.
    await addStaff(`ana@${DEMO_EMAIL_DOMAIN}`);
    await insertBookingRow(db, { starts_at: "2026-12-01T15:00:00.000Z", email: `ana@${DEMO_EMAIL_DOMAIN}` });
    expect((await checklist()).byId.staff.done).toBe(false);
    expect((await checklist()).byId.booking.done).toBe(false);
    await addStaff("");
    await insertBookingRow(db, { starts_at: "2026-12-02T15:00:00.000Z" });
    expect((await checklist()).byId.staff.done).toBe(true);
    expect((await checklist()).byId.booking.done).toBe(true);

    await db
      .insertInto("totp_factors")
      .values({ user_id: userId, secret: "S", status: "unverified", created_at: nowIso(), verified_at: null })
      .execute();
    expect((await checklist()).byId["two-factor"].done).toBe(false);
    await db.updateTable("totp_factors").set({ status: "verified", verified_at: nowIso() }).execute();
    expect((await checklist()).byId["two-factor"].done).toBe(true);
    expect((await checklist()).doneCount).toBe(4);
  });

  it("takes prices as checked once ticked or once a service's prices are edited; a dismissed list is not shown", async () => {
    const { db } = testDb();
    expect((await checklist()).byId.prices.done).toBe(false);
    await db
      .insertInto("site_content")
      .values({
        page: "service-hair",
        section: "options",
        content_key: "service_options",
        content_value: "[]",
        content_type: "json",
        updated_at: nowIso(),
      })
      .execute();
    expect((await checklist()).byId.prices).toMatchObject({ done: true, detail: "A service's prices were edited." });
    await db.deleteFrom("site_content").execute();

    await tickChecklist(db, CHECKLIST_META.pricesChecked);
    await tickChecklist(db, CHECKLIST_META.pricesChecked);
    expect((await checklist()).byId.prices).toMatchObject({ done: true, detail: "You marked them checked." });

    await tickChecklist(db, CHECKLIST_META.dismissed);
    expect(await checklist()).toMatchObject({ dismissed: true, show: false });
  });
});
