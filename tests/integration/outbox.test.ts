import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ContentService } from "~/server/content/content.server";
import { RateLimiter } from "~/server/http/rate-limit.server";
import type { Db } from "~/server/db/database.server";
import { submitForm, type FormServiceDeps } from "~/server/forms/submit-form.server";
import { submissionMailComposer, SUBMISSION_DELETED } from "~/server/mail/compose-submission-mail.server";
import { deleteSubmission } from "~/server/submissions/submissions.server";
import { createLogger } from "~/server/logger.server";
import { saveSettings } from "~/server/settings/settings.server";
import {
  enqueueMail,
  fileTransport,
  OutboxWorker,
  retryDelayMs,
  smtpTransport,
  type MailTransport,
} from "~/server/mail/outbox.server";
import { parseMail, startSmtpServer } from "../support/smtp";
import { writeQueuedBookingMail, type StoredBookingMail } from "~/server/booking/notices/queued-booking-mail.server";
import { testDialect, useTestDatabase } from "../support/test-db";

const logger = createLogger("silent");
const FROM = "Aurelia Website <no-reply@salon.example>";
const composer = (db: Db) =>
  submissionMailComposer({ db, content: new ContentService(db), publicUrl: "https://salon.example" });

describe(`mail outbox (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const outbox = () => testDb().db.selectFrom("mail_outbox").selectAll().orderBy("id").execute();

  beforeEach(async () => {
    await testDb().db.deleteFrom("mail_outbox").execute();
    await testDb().db.deleteFrom("form_submissions").execute();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("writes one .eml file per pending mail with the file transport and marks each sent", async () => {
    const { db, dataDir } = testDb();
    const dir = path.join(dataDir, "outbox");
    await enqueueMail(db, {
      to: "staff@salon.example",
      replyTo: "ana@example.com",
      subject: "First",
      text: "Body one",
    });
    await enqueueMail(db, { to: "staff@salon.example", subject: "Second", text: "Body two" });

    const worker = new OutboxWorker(db, fileTransport(dir, logger), { from: FROM, logger });
    expect(await worker.deliverDue()).toBe(2);

    const rows = await outbox();
    expect(rows.map((r) => [r.status, r.attempts, r.last_error])).toEqual([
      ["sent", 1, null],
      ["sent", 1, null],
    ]);
    for (const row of rows) expect(row.sent_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".eml"))
      .sort();
    expect(files).toHaveLength(2);
    const mails = files.map((f) => parseMail(fs.readFileSync(path.join(dir, f), "utf8")));
    const first = mails.find((m) => m.headers.subject === "First")!;
    expect(first.headers["reply-to"]).toBe("ana@example.com");
    expect(first.headers.to).toBe("staff@salon.example");
    expect(first.headers.from).toContain("no-reply@salon.example");
    expect(first.text).toBe("Body one");
    expect(mails.find((m) => m.headers.subject === "Second")!.text).toBe("Body two");

    // Nothing is due any more: a second round sends nothing and writes no file.
    expect(await worker.deliverDue()).toBe(0);
    expect(fs.readdirSync(dir)).toHaveLength(2);
  });

  it("keeps a mail pending with a later next attempt when delivery fails, and delivers it later", async () => {
    const { db } = testDb();
    const id = await enqueueMail(db, { to: "staff@salon.example", subject: "Retry me", text: "Body" });
    const [queuedRow] = await outbox();

    const broken: MailTransport = {
      kind: "smtp",
      send: async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:25");
      },
    };
    const roundStarted = Date.now();
    expect(await new OutboxWorker(db, broken, { from: FROM, logger }).deliverDue()).toBe(0);
    const roundEnded = Date.now();

    const [failed] = await outbox();
    expect(failed).toMatchObject({ id, status: "pending", attempts: 1, sent_at: null });
    expect(failed.last_error).toContain("ECONNREFUSED");
    expect(failed.next_attempt_at > queuedRow.next_attempt_at).toBe(true);
    // The next try is the first retry delay after the failure, which happened during the round.
    const nextAttempt = Date.parse(failed.next_attempt_at);
    expect(nextAttempt - retryDelayMs(1)).toBeGreaterThanOrEqual(roundStarted);
    expect(nextAttempt - retryDelayMs(1)).toBeLessThanOrEqual(roundEnded);

    const sent: string[] = [];
    const working: MailTransport = {
      kind: "smtp",
      send: async (mail) => {
        sent.push(mail.subject);
      },
    };
    const worker = new OutboxWorker(db, working, { from: FROM, logger });
    // Not due yet: the worker waits for next_attempt_at.
    expect(await worker.deliverDue()).toBe(0);
    expect(sent).toEqual([]);

    // Once the back-off has passed, it goes out.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.parse(failed.next_attempt_at) + 1000);
    expect(await worker.deliverDue()).toBe(1);
    expect(sent).toEqual(["Retry me"]);
    const [delivered] = await outbox();
    expect(delivered).toMatchObject({ status: "sent", attempts: 2, last_error: null });
  });

  it("delivers a submission's notification through a real SMTP server", async () => {
    const { db } = testDb();
    const smtp = await startSmtpServer();
    try {
      const content = new ContentService(db);
      // Only the staff notification here; the visitor's confirmation: submissions-inbox.test.ts.
      await saveSettings(db, { confirmationEmails: false }, null);
      const result = await submitForm(
        { db, content, rateLimiter: new RateLimiter(10, 60_000), logger, publicUrl: "https://salon.example" },
        {
          formType: "Contact",
          name: "Jane Doe",
          email: "jane@example.com",
          message: "Could I book a facial next week? Any afternoon works for me.",
        },
        { clientIp: "203.0.113.9" },
      );
      expect(result).toMatchObject({ ok: true });
      if (!result.ok) throw new Error("refused");
      const [queued] = await outbox();
      // Queued without its body: that is written from the stored submission when it is sent.
      expect(queued.text_body).toBeNull();

      const worker = new OutboxWorker(db, smtpTransport(smtp.url), { from: FROM, logger, compose: composer(db) });
      expect(await worker.deliverDue()).toBe(1);

      expect(smtp.received).toHaveLength(1);
      const [received] = smtp.received;
      expect(received.mailFrom).toBe("no-reply@salon.example");
      expect(received.rcptTo).toEqual([(await content.getPage("contact")).email]);
      const mail = parseMail(received.raw);
      expect(mail.headers.subject).toBe(queued.subject);
      expect(mail.headers.subject).toContain("Jane Doe");
      expect(mail.headers["reply-to"]).toBe("jane@example.com");
      expect(mail.text).toContain("Could I book a facial next week? Any afternoon works for me.");
      expect(mail.text).toContain(`https://salon.example/admin/submissions/${result.id}`);
      expect(mail.html).toContain("Could I book a facial next week? Any afternoon works for me.");

      expect(await outbox()).toMatchObject([{ status: "sent", attempts: 1 }]);
    } finally {
      await smtp.close();
    }
  });

  it("stores a mail's calendar part and sends it as text/calendar, through SMTP and into the .eml file", async () => {
    const { db, dataDir } = testDb();
    const calendar = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Aurelia//Booking//EN",
      "METHOD:REQUEST",
      "BEGIN:VEVENT",
      "UID:booking-7@salon.example",
      "DTSTAMP:20261120T100000Z",
      "DTSTART:20261201T150000Z",
      "DTEND:20261201T170000Z",
      "SUMMARY:Hair at Aurelia",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n");
    const mail = { to: "ada@example.com", subject: "Your appointment is confirmed", text: "See you", calendar };
    await enqueueMail(db, mail);
    expect((await outbox())[0].calendar_body).toBe(calendar);
    // Mail without one stores none.
    await enqueueMail(db, { to: "ada@example.com", subject: "Plain", text: "x" });
    expect((await outbox())[1].calendar_body).toBeNull();

    const smtp = await startSmtpServer();
    try {
      expect(await new OutboxWorker(db, smtpTransport(smtp.url), { from: FROM, logger }).deliverDue()).toBe(2);
      const received = smtp.received.find((m) => m.raw.includes("Subject: Your appointment is confirmed"))!;
      const raw = received.raw.replace(/\r\n/g, "\n");
      expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
      expect(raw).toContain("UID:booking-7@salon.example");
      // The text beside it, and the invitation once more as an invite.ics attachment for other mail programs.
      expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8\n(?:.+\n)*\nSee you\n/);
      expect(raw).toMatch(/Content-Disposition: attachment; filename=invite\.ics/);
      expect(smtp.received.find((m) => m.raw.includes("Subject: Plain"))!.raw).not.toContain("text/calendar");
    } finally {
      await smtp.close();
    }

    await enqueueMail(db, mail);
    const dir = path.join(dataDir, "outbox-calendar");
    expect(await new OutboxWorker(db, fileTransport(dir, logger), { from: FROM, logger }).deliverDue()).toBe(1);
    const [file] = fs.readdirSync(dir);
    const eml = fs.readFileSync(path.join(dir, file), "utf8");
    expect(eml).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    expect(eml).toContain("DTSTART:20261201T150000Z");
  });

  it("writes a mail queued as its input when it is sent, and keeps it for a retry when it cannot", async () => {
    const { db, dataDir } = testDb();
    const stored: StoredBookingMail = {
      client: {
        event: "confirmed",
        firstName: "Ada",
        service: "Hair",
        option: "Cut",
        staff: "Mia",
        startsAt: "2026-12-01T15:00:00.000Z",
        endsAt: "2026-12-01T16:00:00.000Z",
        timeZone: "America/Chicago",
        manageUrl: "https://salon.example/appointment/abc",
        businessName: "Aurelia",
        phone: "(713) 555-0100",
        cutoffHours: 24,
      },
      calendar: {
        change: "invitation",
        appointment: {
          id: 9,
          startsAt: "2026-12-01T15:00:00.000Z",
          endsAt: "2026-12-01T16:00:00.000Z",
          summary: "Hair at Aurelia",
          description: "Cut",
          location: "12 Main St",
          tentative: false,
          sequence: 0,
          updatedAt: "2026-11-20T10:00:00.000Z",
        },
        host: "salon.example",
        organizer: { name: "Aurelia", email: "hello@salon.example" },
        attendee: { name: "Ada", email: "ada@example.com" },
      },
    };
    const input = JSON.stringify(stored);
    await enqueueMail(db, { to: "ada@example.com", subject: "Confirmed", text: null, composeInput: input });
    // Stored as its input only: the booking that queued it wrote neither text nor invitation.
    expect((await outbox())[0]).toMatchObject({ text_body: null, calendar_body: null, compose_input: input });

    // A worker without the writer cannot send it: a failed attempt, kept for the next round.
    const dir = path.join(dataDir, "outbox-compose-input");
    expect(await new OutboxWorker(db, fileTransport(dir, logger), { from: FROM, logger }).deliverDue()).toBe(0);
    expect((await outbox())[0]).toMatchObject({ status: "pending", attempts: 1 });

    await db.updateTable("mail_outbox").set({ next_attempt_at: "2000-01-01T00:00:00.000Z" }).execute();
    const worker = new OutboxWorker(db, fileTransport(dir, logger), {
      from: FROM,
      logger,
      writeMail: writeQueuedBookingMail,
    });
    expect(await worker.deliverDue()).toBe(1);
    const eml = fs.readFileSync(path.join(dir, fs.readdirSync(dir)[0]), "utf8").replace(/=\r?\n/g, "");
    expect(eml).toContain("Dear Ada,");
    expect(eml).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    expect(eml).toContain("UID:booking-9@salon.example");
    expect(eml).toContain("https://salon.example/appointment/abc");
  });

  it("drains a backlog larger than one round at once, without waiting for the next poll", async () => {
    const { db } = testDb();
    for (let i = 0; i < 45; i++) await enqueueMail(db, { to: "staff@salon.example", subject: `Mail ${i}`, text: "x" });
    const delivered: string[] = [];
    const transport: MailTransport = {
      kind: "smtp",
      send: async (mail) => void delivered.push(mail.subject),
    };
    // Rounds of 20, the next poll an hour away: only going on after a full round can send all 45.
    const worker = new OutboxWorker(db, transport, { from: FROM, logger, batch: 20, pollMs: 3_600_000 });
    worker.start();
    try {
      await vi.waitFor(async () => expect((await outbox()).filter((r) => r.status === "sent")).toHaveLength(45), {
        timeout: 5_000,
      });
    } finally {
      await worker.stop();
    }
    // Oldest first, each exactly once.
    expect(delivered).toEqual(Array.from({ length: 45 }, (_, i) => `Mail ${i}`));
  });

  it("rests between rounds while the server is busy, so a flood is answered before its mail", async () => {
    const { db } = testDb();
    for (let i = 0; i < 25; i++) await enqueueMail(db, { to: "staff@salon.example", subject: `Mail ${i}`, text: "x" });
    const events: string[] = [];
    // Each send holds the event loop for 10 ms: the round itself keeps the server busy.
    const busyTransport: MailTransport = {
      kind: "smtp",
      send: async (mail) => {
        const until = Date.now() + 10;
        while (Date.now() < until);
        events.push(mail.subject);
        // A visitor's request, due half a second after the round's last mail: with the rest it is
        // answered before any more mail goes (without it the next round follows a tenth of a second on).
        if (events.length === 20) setTimeout(() => events.push("visitor answered"), 500);
      },
    };
    const worker = new OutboxWorker(db, busyTransport, { from: FROM, logger, batch: 20, pollMs: 3_600_000 });
    worker.start();
    try {
      await vi.waitFor(() => expect(events).toHaveLength(26), { timeout: 5_000 });
    } finally {
      await worker.stop();
    }
    // The first round sent 20; the next started only after the visitor was answered.
    expect(events).toEqual([
      ...Array.from({ length: 20 }, (_, i) => `Mail ${i}`),
      "visitor answered",
      ...Array.from({ length: 5 }, (_, i) => `Mail ${20 + i}`),
    ]);
  });

  describe("a submission's mail, queued without a body", () => {
    const visitor = { formType: "Contact", name: "Rosa Diaz", email: "rosa@example.com", message: "Is Tuesday free?" };
    const formDeps = (db: Db): FormServiceDeps => ({
      db,
      content: new ContentService(db),
      rateLimiter: new RateLimiter(10, 60_000),
      logger,
      publicUrl: "https://salon.example",
    });
    const recording = () => {
      const sent: { subject: string; text: string | null; html: string | null }[] = [];
      const transport: MailTransport = {
        kind: "smtp",
        send: async (mail) => void sent.push({ subject: mail.subject, text: mail.text_body, html: mail.html_body }),
      };
      return { sent, transport };
    };

    it("is written when it is sent, with the salon's contact details as they are then", async () => {
      const { db } = testDb();
      await saveSettings(db, { confirmationEmails: true }, null);
      const result = await submitForm(formDeps(db), visitor, { clientIp: "203.0.113.30" });
      if (!result.ok) throw new Error("refused");
      await new ContentService(db).save("contact", { business_name: "Maison Aurelia" });

      const { sent, transport } = recording();
      const worker = new OutboxWorker(db, transport, { from: FROM, logger, compose: composer(db) });
      expect(await worker.deliverDue()).toBe(2);
      const [notification, confirmation] = sent;
      expect(notification.subject).toBe("New contact from Rosa Diaz");
      expect(notification.text).toContain("Is Tuesday free?");
      expect(notification.text).toContain("Maison Aurelia website");
      expect(notification.html).toContain(`href="https://salon.example/admin/submissions/${result.id}"`);
      expect(confirmation.text).toContain("Thank you for contacting Maison Aurelia.");
      expect(confirmation.text).not.toContain("Is Tuesday free?");
      // What was sent is not kept a second time: the submission holds the visitor's words.
      expect((await outbox()).map((m) => [m.status, m.text_body])).toEqual([
        ["sent", null],
        ["sent", null],
      ]);
    });

    it("is not sent once an admin deleted its submission, and says why", async () => {
      const { db } = testDb();
      const kept = await submitForm(formDeps(db), visitor, { clientIp: "203.0.113.31" });
      const deleted = await submitForm(formDeps(db), { ...visitor, name: "Gone" }, { clientIp: "203.0.113.31" });
      if (!kept.ok || !deleted.ok) throw new Error("refused");
      await deleteSubmission(db, deleted.id, { userId: null, email: "admin@salon.example" });

      const { sent, transport } = recording();
      const worker = new OutboxWorker(db, transport, { from: FROM, logger, compose: composer(db) });
      await worker.deliverDue();
      // Only the kept submission's notification went (this test's settings may add its confirmation).
      expect(sent.map((mail) => mail.subject)).toContain("New contact from Rosa Diaz");
      expect(sent.some((mail) => mail.subject.includes("Gone") || mail.text?.includes("Gone"))).toBe(false);
      const gone = await db.selectFrom("mail_outbox").selectAll().where("submission_id", "=", deleted.id).execute();
      expect(gone.length).toBeGreaterThan(0);
      expect(gone.map((m) => [m.status, m.last_error])).toEqual(gone.map(() => ["failed", SUBMISSION_DELETED]));
    });

    it("is not sent when its submission disappears between the claim and the sending", async () => {
      const { db } = testDb();
      const result = await submitForm(formDeps(db), visitor, { clientIp: "203.0.113.32" });
      if (!result.ok) throw new Error("refused");
      const { sent, transport } = recording();
      const compose = composer(db);
      const worker = new OutboxWorker(db, transport, {
        from: FROM,
        logger,
        compose: async (mails) => {
          // Deleted behind the worker's back (no cancelling): the composer finds no row.
          await db.deleteFrom("form_submissions").where("id", "=", result.id).execute();
          return compose(mails);
        },
      });
      expect(await worker.deliverDue()).toBe(0);
      expect(sent).toEqual([]);
      expect((await outbox()).every((m) => m.status === "failed" && m.last_error === SUBMISSION_DELETED)).toBe(true);
    });

    it("stays pending and is retried when its body cannot be written (the database is away)", async () => {
      const { db } = testDb();
      const result = await submitForm(formDeps(db), visitor, { clientIp: "203.0.113.33" });
      if (!result.ok) throw new Error("refused");
      const { sent, transport } = recording();
      let databaseAway = true;
      const compose = composer(db);
      const worker = new OutboxWorker(db, transport, {
        from: FROM,
        logger,
        compose: async (mails) => {
          if (databaseAway) throw new Error("connection refused");
          return compose(mails);
        },
      });
      expect(await worker.deliverDue()).toBe(0);
      const waiting = await outbox();
      expect(waiting.every((m) => m.status === "pending" && m.attempts === 1)).toBe(true);
      expect(waiting[0].last_error).toContain("connection refused");

      databaseAway = false;
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.parse(waiting[0].next_attempt_at) + 1000);
      expect(await worker.deliverDue()).toBe(waiting.length);
      expect(sent[0].text).toContain("Is Tuesday free?");
    });
  });
});
