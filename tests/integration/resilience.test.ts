/**
 * What a crash, a restart or a mail outage must never cost: a visitor's accepted submission or
 * its notification. The server runs as a real process on this file's database (SQLite or
 * PostgreSQL, whichever this run tests).
 */
import { sql } from "kysely";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "~/server/db/database.server";
import { ContentService } from "~/server/content/content.server";
import { RateLimiter } from "~/server/http/rate-limit.server";
import { submitForm } from "~/server/forms/submit-form.server";
import { createLogger } from "~/server/logger.server";
import { submissionMailComposer } from "~/server/mail/compose-submission-mail.server";
import { OutboxWorker, smtpTransport } from "~/server/mail/outbox.server";
import { startServer, type RunningServer } from "../../scripts/bench/server-process";
import { ensureBuild } from "../../scripts/ensure-build";
import { freePort } from "../support/postgres";
import { startSmtpServer } from "../support/smtp";
import { testDialect, useTestDatabase } from "../support/test-db";

const logger = createLogger("silent");
const servers: RunningServer[] = [];

function submission(tag: string) {
  return JSON.stringify({
    formType: "Contact",
    name: "Crash Visitor",
    email: "crash@example.com",
    message: `Resilience test ${tag}`,
  });
}

async function post(server: RunningServer, tag: string): Promise<number> {
  const response = await fetch(`${server.url}/api/submit-form`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: submission(tag),
  });
  await response.arrayBuffer();
  return response.status;
}

describe(`resilience (${testDialect})`, () => {
  const testDb = useTestDatabase();

  beforeAll(() => ensureBuild(), 300_000);
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.kill();
    vi.useRealTimers();
  });

  const start = () =>
    startServer({
      dataDir: testDb().dataDir,
      env: { DATABASE_URL: testDb().url, FORM_RATE_LIMIT: "1000000000", SMTP_URL: "smtp://127.0.0.1:9" },
    }).then((server) => (servers.push(server), server));

  it("SIGKILL during a submission load loses no accepted submission and leaves no half-written row", async () => {
    const server = await start();
    const accepted: string[] = [];
    let stop = false;
    const client = async (worker: number) => {
      for (let i = 0; !stop; i++) {
        const tag = `kill-${worker}-${i}`;
        try {
          if ((await post(server, tag)) === 200) accepted.push(tag);
        } catch {
          return; // the server died under this request
        }
      }
    };
    const clients = Array.from({ length: 16 }, (_, w) => client(w));
    await vi.waitUntil(() => accepted.length >= 100, { timeout: 30_000, interval: 20 });
    stop = true;
    await server.kill();
    await Promise.all(clients);

    // It starts again on the same database, and everything it said yes to is there.
    await start();
    const { db } = testDb();
    const rows = await db
      .selectFrom("form_submissions")
      .selectAll()
      .where("message", "like", "Resilience test kill-%")
      .execute();
    const stored = new Set(rows.map((r) => r.message!.replace("Resilience test ", "")));
    expect(accepted.filter((tag) => !stored.has(tag))).toEqual([]);
    // Stored rows are whole: every column of the form, and the notification written with it.
    for (const row of rows) {
      expect(row).toMatchObject({
        form_type: "Contact",
        name: "Crash Visitor",
        email: "crash@example.com",
        status: "new",
      });
      expect(Number.isNaN(Date.parse(row.created_at))).toBe(false);
    }
    const mails = await db
      .selectFrom("mail_outbox")
      .select("submission_id")
      .where("kind", "=", "notification")
      .execute();
    const notified = new Set(mails.map((m) => m.submission_id));
    expect(rows.filter((r) => !notified.has(r.id)).map((r) => r.id)).toEqual([]);
  }, 120_000);

  it("SIGTERM lets in-flight requests finish before the process exits", async () => {
    const server = await start();
    await post(server, "warm-up");
    const inFlight = Array.from({ length: 24 }, (_, i) => post(server, `term-${i}`).catch((error: Error) => error));
    // Once the first answer is back the server is handling the rest: ask it to stop then. (A fixed
    // wait could end before any request had reached a busy machine's server.)
    await Promise.race(inFlight);
    const exitCode = await server.stop();
    const outcomes = await Promise.all(inFlight);

    expect(exitCode).toBe(0);
    const answered = outcomes.filter((o) => o === 200).length;
    const failed = outcomes.filter((o) => typeof o === "number" && o !== 200);
    expect(failed).toEqual([]);
    expect(answered).toBeGreaterThan(0);
    // A request refused at the door is not lost work; one that was answered is stored.
    const rows = await testDb()
      .db.selectFrom("form_submissions")
      .select("id")
      .where("message", "like", "Resilience test term-%")
      .execute();
    expect(rows.length).toBe(answered);
  }, 60_000);

  it("mail delivery while the SMTP server is down loses nothing: it all goes out once it is back", async () => {
    const { db } = testDb();
    await db.deleteFrom("mail_outbox").execute();
    const content = new ContentService(db);
    for (const name of ["Ana", "Bea", "Cy"]) {
      const result = await submitForm(
        { db, content, rateLimiter: new RateLimiter(100, 60_000), logger, publicUrl: "https://salon.example" },
        {
          formType: "Contact",
          name,
          email: `${name.toLowerCase()}@example.com`,
          message: "Do you have time on Friday?",
        },
        { clientIp: "203.0.113.20" },
      );
      expect(result).toMatchObject({ ok: true });
    }
    const queued = await db.selectFrom("mail_outbox").select("id").execute();
    expect(queued.length).toBeGreaterThanOrEqual(3);

    // Down: nothing listens on the port. Every mail stays pending with the error noted.
    const port = await freePort();
    const worker = new OutboxWorker(db, smtpTransport(`smtp://127.0.0.1:${port}`), {
      from: "Site <no-reply@salon.example>",
      logger,
      compose: submissionMailComposer({ db, content, publicUrl: "https://salon.example" }),
    });
    expect(await worker.deliverDue()).toBe(0);
    const pending = await db.selectFrom("mail_outbox").selectAll().execute();
    expect(pending.every((m) => m.status === "pending" && m.attempts === 1 && m.last_error)).toBe(true);

    // Back: the same worker delivers every one of them once their retry is due.
    const smtp = await startSmtpServer(port);
    try {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 10 * 60_000);
      expect(await worker.deliverDue()).toBe(queued.length);
      expect(smtp.received).toHaveLength(queued.length);
      const sent = await db.selectFrom("mail_outbox").select("status").execute();
      expect(sent.every((m) => m.status === "sent")).toBe(true);
    } finally {
      await smtp.close();
    }
  }, 60_000);

  it.skipIf(testDialect !== "postgres")(
    "a connection the database ends is reported through the server's logger and replaced",
    async () => {
      const warnings: string[] = [];
      const handle = openDatabase({
        databaseUrl: testDb().url,
        dataDir: testDb().dataDir,
        warn: (message) => warnings.push(message),
      });
      try {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
        await sql`select pg_terminate_backend(${rows[0].pid})`.execute(testDb().db);
        await vi.waitUntil(() => warnings.length > 0, { timeout: 10_000, interval: 20 });
        expect(warnings[0]).toMatch(/^PostgreSQL connection lost \(the pool replaces it\): /);
        const again = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
        expect(again.rows).toEqual([{ one: 1 }]);
      } finally {
        await handle.close();
      }
    },
  );
});
