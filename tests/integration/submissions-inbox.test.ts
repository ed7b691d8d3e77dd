import { beforeEach, describe, expect, it } from "vitest";
import { addDefaultSuiteTypes } from "../support/suite-types";
import { contactDefaults } from "~/content/contact";
import { parseInboxQuery, PAGE_SIZE } from "~/lib/submissions";
import { ContentService } from "~/server/content/content.server";
import type { NewFormSubmission } from "~/server/db/schema";
import { RateLimiter } from "~/server/http/rate-limit.server";
import { submitForm, type FormServiceDeps } from "~/server/forms/submit-form.server";
import { createLogger } from "~/server/logger.server";
import { OutboxWorker, smtpTransport } from "~/server/mail/outbox.server";
import { saveSettings } from "~/server/settings/settings.server";
import { unreadSubmissionCount } from "~/server/submissions/counts.server";
import { CSV_HEADERS, submissionsCsv } from "~/server/submissions/csv.server";
import { allSubmissions, listSubmissions, statusCounts } from "~/server/submissions/query.server";
import { changeStatus, deleteSubmission, mailsFor, openSubmission } from "~/server/submissions/submissions.server";
import { submissionMailComposer } from "~/server/mail/compose-submission-mail.server";
import { queuedMailsAsSent } from "../support/queued-mail";
import { parseMail, startSmtpServer } from "../support/smtp";
import { contactSubmissionRow } from "../support/submission-rows";
import { testDialect, useTestDatabase } from "../support/test-db";

const logger = createLogger("silent");
const actor = { userId: null, email: "owner@salon.example" };
const query = (search: string) => parseInboxQuery(new URLSearchParams(search));

/** A submission row as the form service would store it, created `minutesAgo` before a fixed time. */
function row(minutesAgo: number, overrides: Partial<NewFormSubmission> = {}): NewFormSubmission {
  return contactSubmissionRow({
    name: `Visitor ${minutesAgo}`,
    email: `visitor${minutesAgo}@example.com`,
    created_at: new Date(Date.UTC(2026, 10, 20, 12, 0) - minutesAgo * 60_000).toISOString(),
    ...overrides,
  });
}

describe(`the submissions inbox (${testDialect})`, () => {
  const testDb = useTestDatabase();

  beforeEach(async () => {
    const { db } = testDb();
    await db.deleteFrom("mail_outbox").execute();
    await db.deleteFrom("form_submissions").execute();
    await db.deleteFrom("audit_log").execute();
    await db.deleteFrom("settings").execute();
    await db.deleteFrom("site_content").execute();
    await addDefaultSuiteTypes(db);
  });

  describe("listing", () => {
    /** 130 rows: mostly contacts, every 10th a booking, a few archived and spam, some sharing a time. */
    async function seedMany() {
      const { db } = testDb();
      const rows: NewFormSubmission[] = [];
      for (let i = 0; i < 130; i++) {
        rows.push(
          row(i, {
            form_type: i % 10 === 0 ? "Booking" : "Contact",
            status: i % 25 === 3 ? "archived" : i % 40 === 7 ? "spam" : i % 2 ? "read" : "new",
            phone: i === 55 ? "(713) 555-0188" : null,
            service: i % 10 === 0 ? "Balayage" : null,
            message: i === 42 ? "Is 50% off_still on? Ask for Ms. Ortiz." : null,
          }),
        );
      }
      // Three rows at the very same instant: paging must still be stable.
      for (const name of ["Tie A", "Tie B", "Tie C"])
        rows.push(row(64.5, { name, email: `${name.replace(" ", "").toLowerCase()}@example.com` }));
      await db.insertInto("form_submissions").values(rows).execute();
      return rows;
    }

    it("pages newest first, 25 a page, with the total, and brings a page past the end back to the last", async () => {
      const { db } = testDb();
      const rows = await seedMany();
      const visible = rows.filter((r) => r.status === "new" || r.status === "read");

      const first = await listSubmissions(db, query(""));
      expect(first.total).toBe(visible.length);
      expect(first.pageSize).toBe(PAGE_SIZE);
      expect(first.pageCount).toBe(Math.ceil(visible.length / PAGE_SIZE));
      expect(first.rows).toHaveLength(PAGE_SIZE);
      expect(first.rows[0].name).toBe("Visitor 0");
      const times = first.rows.map((r) => r.created_at);
      expect([...times].sort().reverse()).toEqual(times);

      // Every page together: each visible row once, none of archived or spam.
      const seen: number[] = [];
      for (let page = 1; page <= first.pageCount; page++) {
        const result = await listSubmissions(db, { ...query(""), page });
        seen.push(...result.rows.map((r) => r.id));
        for (const r of result.rows) expect(["new", "read"]).toContain(r.status);
      }
      expect(new Set(seen).size).toBe(visible.length);

      const beyond = await listSubmissions(db, { ...query(""), page: 999 });
      expect(beyond.page).toBe(first.pageCount);
      expect(beyond.rows.length).toBeGreaterThan(0);
    });

    it("filters by view and type, and counts each status within the type and search", async () => {
      const { db } = testDb();
      const rows = await seedMany();
      const count = (pred: (r: NewFormSubmission) => boolean) => rows.filter(pred).length;

      expect((await listSubmissions(db, query("status=new"))).total).toBe(count((r) => r.status === "new"));
      expect((await listSubmissions(db, query("status=archived"))).total).toBe(count((r) => r.status === "archived"));
      expect((await listSubmissions(db, query("status=all"))).total).toBe(count((r) => r.status !== "spam"));
      const spam = await listSubmissions(db, query("status=spam"));
      expect(spam.total).toBe(count((r) => r.status === "spam"));
      expect(spam.rows.every((r) => r.status === "spam")).toBe(true);

      const bookings = await listSubmissions(db, query("type=Booking&status=all"));
      expect(bookings.total).toBe(count((r) => r.form_type === "Booking" && r.status !== "spam"));
      expect(bookings.rows.every((r) => r.form_type === "Booking")).toBe(true);

      const counts = await statusCounts(db, query("type=Booking"));
      expect(counts).toEqual({
        new: count((r) => r.form_type === "Booking" && r.status === "new"),
        read: count((r) => r.form_type === "Booking" && r.status === "read"),
        answered: 0,
        archived: count((r) => r.form_type === "Booking" && r.status === "archived"),
        spam: count((r) => r.form_type === "Booking" && r.status === "spam"),
      });
    });

    it("searches name, e-mail, phone (any format), service and message, case-insensitively, LIKE wildcards literal", async () => {
      const { db } = testDb();
      await seedMany();
      const names = async (search: string) =>
        (await listSubmissions(db, query(`status=all&${search}`))).rows.map((r) => r.name);

      expect(await names("q=visitor 101")).toEqual(["Visitor 101"]);
      expect(await names("q=VISITOR77%40EXAMPLE")).toEqual(["Visitor 77"]);
      expect(await names("q=713.555.0188")).toEqual(["Visitor 55"]);
      expect(await names("q=5550188")).toEqual(["Visitor 55"]);
      expect(await names("q=ortiz")).toEqual(["Visitor 42"]);
      expect(await names("q=50%25 off_")).toEqual(["Visitor 42"]);
      // % typed by a person is not a wildcard.
      expect(await names("q=5%25f")).toEqual([]);
      expect(
        (await listSubmissions(db, query("status=all&q=balayage"))).rows.every((r) => r.service === "Balayage"),
      ).toBe(true);
      // Words in any order must all match.
      expect(await names("q=b tie")).toEqual(["Tie B"]);
      expect(await names("q=nobody-at-all")).toEqual([]);
    });

    it("exports every row of a filter (all pages, keyset batches) as CSV, newest first", async () => {
      const { db } = testDb();
      await seedMany();
      const filter = query("status=all&type=Contact");
      const listed: number[] = [];
      for (let page = 1; ; page++) {
        const result = await listSubmissions(db, { ...filter, page });
        listed.push(...result.rows.map((r) => r.id));
        if (page >= result.pageCount) break;
      }
      const exported: number[] = [];
      for await (const r of allSubmissions(db, filter, 7)) exported.push(r.id);
      expect(exported).toEqual(listed);

      const csv = await submissionsCsv(allSubmissions(db, query("q=tie")), "America/Chicago");
      const lines = csv.slice(1).trimEnd().split("\r\n");
      expect(lines[0]).toBe(CSV_HEADERS.join(","));
      expect(
        lines
          .slice(1)
          .map((l) => l.split(",")[5])
          .sort(),
      ).toEqual(["Tie A", "Tie B", "Tie C"]);
    });
  });

  describe("status", () => {
    it("opening a new submission marks it read once and the bell count drops", async () => {
      const { db } = testDb();
      const [{ id }] = await db
        .insertInto("form_submissions")
        .values([row(1), row(2)])
        .returning("id")
        .execute();
      expect(await unreadSubmissionCount(db)).toBe(2);

      const opened = await openSubmission(db, id);
      expect(opened).toMatchObject({ markedRead: true, row: { id, status: "read" } });
      expect(await unreadSubmissionCount(db)).toBe(1);
      expect(await openSubmission(db, id)).toMatchObject({ markedRead: false, row: { status: "read" } });
      expect(await openSubmission(db, 999_999)).toBeUndefined();
    });

    it("archives, unarchives, marks spam and restores spam to new, refusing moves from the wrong status", async () => {
      const { db } = testDb();
      const { id } = await db
        .insertInto("form_submissions")
        .values(row(1, { status: "read" }))
        .returning("id")
        .executeTakeFirstOrThrow();
      const status = async () =>
        (await db.selectFrom("form_submissions").select("status").where("id", "=", id).executeTakeFirstOrThrow())
          .status;

      expect(await changeStatus(db, id, "archive", actor)).toMatchObject({ ok: true });
      expect(await status()).toBe("archived");
      expect(await changeStatus(db, id, "archive", actor)).toEqual({ ok: false, reason: "conflict" });
      expect(await changeStatus(db, id, "unarchive", actor)).toMatchObject({ ok: true });
      expect(await status()).toBe("read");
      expect(await changeStatus(db, id, "restore", actor)).toEqual({ ok: false, reason: "conflict" });
      await changeStatus(db, id, "spam", actor);
      expect(await status()).toBe("spam");
      expect((await listSubmissions(db, query("status=all"))).rows.map((r) => r.id)).not.toContain(id);
      await changeStatus(db, id, "restore", actor);
      expect(await status()).toBe("new");
      expect(await changeStatus(db, 999_999, "archive", actor)).toEqual({ ok: false, reason: "not-found" });

      const audit = await db.selectFrom("audit_log").select("action").orderBy("id").execute();
      expect(audit.map((a) => a.action)).toEqual([
        `archived submission #${id} from Visitor 1`,
        `moved back to the inbox submission #${id} from Visitor 1`,
        `marked as spam submission #${id} from Visitor 1`,
        `restored from spam submission #${id} from Visitor 1`,
      ]);
    });

    it("deletes a submission with an audit entry", async () => {
      const { db } = testDb();
      const { id } = await db.insertInto("form_submissions").values(row(1)).returning("id").executeTakeFirstOrThrow();
      expect(await deleteSubmission(db, id, actor)).toMatchObject({ id });
      expect(await openSubmission(db, id)).toBeUndefined();
      expect(await deleteSubmission(db, id, actor)).toBeUndefined();
      expect((await db.selectFrom("audit_log").select("action").execute()).map((a) => a.action)).toEqual([
        `deleted submission #${id} from Visitor 1`,
      ]);
    });
  });

  describe("e-mails", () => {
    const deps = (): FormServiceDeps => {
      const { db } = testDb();
      return {
        db,
        content: new ContentService(db),
        rateLimiter: new RateLimiter(100, 60_000),
        logger,
        publicUrl: "https://salon.example",
      };
    };
    const outbox = () => testDb().db.selectFrom("mail_outbox").selectAll().orderBy("id").execute();
    const contact = {
      formType: "Contact",
      name: "Jane <b>Doe</b>",
      email: "jane@example.com",
      phone: "(713) 555-0100",
      service: "facial",
      message: "Could I book a facial next week? <script>x</script>",
    };

    it("queues one staff notification and one visitor confirmation per submission, in the row's transaction", async () => {
      const result = await submitForm(deps(), contact, { clientIp: "203.0.113.1" });
      if (!result.ok) throw new Error("refused");
      const mails = await outbox();
      expect(mails.map((m) => [m.kind, m.to_address, m.reply_to, m.submission_id])).toEqual([
        ["notification", contactDefaults.email, "jane@example.com", result.id],
        ["confirmation", "jane@example.com", contactDefaults.email, result.id],
      ]);
      const [notification, confirmation] = await queuedMailsAsSent(testDb().db);
      expect(notification.text_body).toContain("Name: Jane <b>Doe</b>");
      expect(notification.text_body).toContain("Phone: (713) 555-0100");
      expect(notification.text_body).toContain("Service: Facial Treatments");
      expect(notification.text_body).toContain("Could I book a facial next week?");
      expect(notification.text_body).toContain(`https://salon.example/admin/submissions/${result.id}`);
      expect(notification.html_body).toContain("Jane &lt;b&gt;Doe&lt;/b&gt;");
      expect(notification.html_body).not.toContain("<script>");
      expect(confirmation.text_body).toContain("within 24 hours");
      expect(confirmation.text_body).toContain(contactDefaults.salon_phone);
      expect(confirmation.text_body).not.toContain("Could I book");

      // The detail view lists them.
      expect((await mailsFor(testDb().db, result.id)).map((m) => [m.kind, m.status])).toEqual([
        ["notification", "pending"],
        ["confirmation", "pending"],
      ]);
    });

    it("sends the notification to the address in Settings, and no confirmation when Settings turn it off", async () => {
      await saveSettings(testDb().db, { notifyEmail: "frontdesk@salon.example", confirmationEmails: false }, null);
      for (const n of [1, 2, 3]) {
        await submitForm(deps(), { ...contact, email: `v${n}@example.com` }, { clientIp: "203.0.113.2" });
      }
      const mails = await outbox();
      expect(mails).toHaveLength(3);
      expect(mails.every((m) => m.kind === "notification" && m.to_address === "frontdesk@salon.example")).toBe(true);
      expect(mails.map((m) => m.reply_to)).toEqual(["v1@example.com", "v2@example.com", "v3@example.com"]);
    });

    it("queues nothing at all for a submission flagged as spam, which waits in the Spam view", async () => {
      const result = await submitForm(deps(), contact, { clientIp: "203.0.113.3", honeypot: "http://spam.example" });
      if (!result.ok) throw new Error("refused");
      expect(result.spam).toBe(true);
      expect(await outbox()).toEqual([]);
      const { db } = testDb();
      expect((await listSubmissions(db, query(""))).total).toBe(0);
      expect((await listSubmissions(db, query("status=spam"))).rows.map((r) => r.id)).toEqual([result.id]);
      expect(await unreadSubmissionCount(db)).toBe(0);
    });

    it("delivers both e-mails through a real SMTP connection: recipients, Reply-To, text and HTML parts", async () => {
      const smtp = await startSmtpServer();
      try {
        const { db } = testDb();
        const booking = await submitForm(
          deps(),
          {
            formType: "Suite Application",
            name: "Ana Lopez",
            email: "ana@example.com",
            phone: "713-555-0111",
            details: {
              address: "12 Elm St",
              city: "Houston",
              state: "TX",
              zipCode: "77006",
              professionalLicenseId: "TX-998877",
              businessName: "Ana Lashes",
              educationExperience: "Licensed lash artist, 6 years.",
              servicesProvided: "Lash extensions & lifts",
              suiteSizes: ["Small Suites"],
            },
          },
          { clientIp: "203.0.113.4" },
        );
        if (!booking.ok) throw new Error("refused");

        const worker = new OutboxWorker(db, smtpTransport(smtp.url), {
          from: "Salon <no-reply@salon.example>",
          logger,
          compose: submissionMailComposer({ db, content: new ContentService(db), publicUrl: "https://salon.example" }),
        });
        expect(await worker.deliverDue()).toBe(2);
        expect(smtp.received).toHaveLength(2);

        const toStaff = smtp.received.find((m) => m.rcptTo[0] === contactDefaults.email)!;
        const toVisitor = smtp.received.find((m) => m.rcptTo[0] === "ana@example.com")!;
        expect(toStaff.mailFrom).toBe("no-reply@salon.example");

        const staff = parseMail(toStaff.raw);
        expect(staff.headers.subject).toBe("New suite application from Ana Lopez");
        expect(staff.headers["reply-to"]).toBe("ana@example.com");
        expect(staff.headers["content-type"]).toContain("multipart/alternative");
        expect(staff.text).toContain("Professional License ID: TX-998877");
        expect(staff.text).toContain("Services Provided: Lash extensions & lifts");
        expect(staff.text).toContain(`https://salon.example/admin/submissions/${booking.id}`);
        expect(staff.html).toContain("Lash extensions &amp; lifts");
        expect(staff.html).toContain(`href="https://salon.example/admin/submissions/${booking.id}"`);

        const visitor = parseMail(toVisitor.raw);
        expect(visitor.headers["reply-to"]).toBe(contactDefaults.email);
        expect(visitor.text).toContain("We have received your suite rental application.");
        expect(visitor.text).toContain("within 24 hours");
        expect(visitor.html).toContain(contactDefaults.salon_phone);

        expect((await outbox()).map((m) => [m.status, m.attempts])).toEqual([
          ["sent", 1],
          ["sent", 1],
        ]);
      } finally {
        await smtp.close();
      }
    });
  });
});
