/**
 * SubmissionWriter: submissions arriving together are stored in one transaction; every caller
 * gets its own row's id, every mail points at the right row, and a row the database refuses never
 * takes the others down. On SQLite the same again with the writes on the submission thread (how
 * the server stores them there).
 */
import SQLite from "better-sqlite3";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { nowIso } from "~/server/db/database.server";
import type { NewFormSubmission } from "~/server/db/schema";
import { SqliteSubmissionThread } from "~/server/forms/sqlite-submission-thread.server";
import { SubmissionWriter } from "~/server/forms/submission-writer.server";
import type { OutgoingMail } from "~/server/mail/outbox.server";
import { testDialect, useTestDatabase } from "../support/test-db";

const writers = testDialect === "sqlite" ? (["in process", "on its thread"] as const) : (["in process"] as const);

describe.each(writers)(`SubmissionWriter (${testDialect}) %s`, (where) => {
  const testDb = useTestDatabase();
  const threads: SqliteSubmissionThread[] = [];
  afterAll(async () => {
    for (const thread of threads) await thread.stop();
  });
  const newWriter = () => {
    if (where === "in process") return new SubmissionWriter(testDb().db);
    const thread = new SqliteSubmissionThread(testDb().url.slice("file:".length), { autoCheckpoint: true });
    threads.push(thread);
    return new SubmissionWriter(testDb().db, thread);
  };

  const row = (name: string): NewFormSubmission => ({
    form_type: "Contact",
    name,
    email: `${name.toLowerCase().replace(/\W/g, "")}@example.com`,
    status: "new",
    created_at: nowIso(),
  });
  const mailsFor = (name: string): OutgoingMail[] => [
    { to: "staff@salon.example", subject: `New message from ${name}`, text: `About ${name}`, kind: "notification" },
    { to: "visitor@example.com", subject: `Thank you, ${name}`, text: null, kind: "confirmation" },
  ];

  beforeEach(async () => {
    await testDb().db.deleteFrom("mail_outbox").execute();
    await testDb().db.deleteFrom("form_submissions").execute();
  });

  it("stores a burst together; each caller gets its row's id and each mail points at its row", async () => {
    const writer = newWriter();
    const names = Array.from({ length: 50 }, (_, i) => `Visitor ${i}`);
    const ids = await Promise.all(names.map((name) => writer.store(row(name), mailsFor(name))));

    const stored = await testDb().db.selectFrom("form_submissions").select(["id", "name"]).execute();
    const nameOf = new Map(stored.map((r) => [r.id, r.name]));
    expect(ids.map((id) => nameOf.get(id))).toEqual(names);

    const mails = await testDb()
      .db.selectFrom("mail_outbox")
      .select(["submission_id", "subject", "text_body", "status"])
      .execute();
    expect(mails).toHaveLength(100);
    for (const mail of mails) {
      const name = nameOf.get(mail.submission_id!);
      expect(mail.subject.endsWith(name!), `${mail.subject} belongs to ${name}`).toBe(true);
      if (mail.subject.startsWith("New")) expect(mail.text_body).toBe(`About ${name}`);
      else expect(mail.text_body).toBeNull();
      expect(mail.status).toBe("pending");
    }
  });

  it("a submission the database refuses fails alone, with its mails; the rest of its batch is stored", async () => {
    const writer = newWriter();
    const refusedMail: OutgoingMail[] = [
      // to_address is NOT NULL: this mail, and so its submission, cannot be stored.
      { to: null as unknown as string, subject: "Broken", text: "Broken" },
    ];
    const outcomes = await Promise.allSettled([
      writer.store(row("Ana"), mailsFor("Ana")),
      writer.store(row("Broken"), refusedMail),
      writer.store(row("Cleo"), mailsFor("Cleo")),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const names = (await testDb().db.selectFrom("form_submissions").select("name").orderBy("id").execute()).map(
      (r) => r.name,
    );
    expect(names).toEqual(["Ana", "Cleo"]);
    expect(await testDb().db.selectFrom("mail_outbox").select("id").execute()).toHaveLength(4);
  });

  it("stores a submission without mails (spam) and answers only after the commit", async () => {
    const writer = newWriter();
    const id = await writer.store({ ...row("Bot"), status: "spam" }, []);
    const stored = await testDb().db.selectFrom("form_submissions").selectAll().where("id", "=", id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].status).toBe("spam");
    expect(await testDb().db.selectFrom("mail_outbox").select("id").execute()).toHaveLength(0);
  });

  it.runIf(where === "on its thread")(
    "stopping waits for every submission already handed over, then the thread refuses new ones loudly",
    async () => {
      const thread = new SqliteSubmissionThread(testDb().url.slice("file:".length), { autoCheckpoint: true });
      const writer = new SubmissionWriter(testDb().db, thread);
      const stored = Array.from({ length: 30 }, (_, i) => writer.store(row(`Late ${i}`), mailsFor(`Late ${i}`)));
      await thread.stop();
      expect(await Promise.all(stored)).toHaveLength(30);
      const rows = await testDb()
        .db.selectFrom("form_submissions")
        .select("id")
        .where("name", "like", "Late %")
        .execute();
      expect(rows).toHaveLength(30);
      await expect(
        thread.store(row("Too late"), [], { name: "", email: "", phone: "", emailKey: "", phoneKey: "" }),
      ).rejects.toThrow("stopped");
    },
  );

  it.runIf(where === "on its thread")(
    "if the thread dies, the next submissions are stored by the server's own connection",
    async () => {
      const thread = new SqliteSubmissionThread(testDb().url.slice("file:".length), { autoCheckpoint: true });
      const writer = new SubmissionWriter(testDb().db, thread);
      expect(await writer.store(row("Before"), [])).toBeGreaterThan(0);
      await thread["worker"].terminate();
      expect(thread.available).toBe(false);
      const id = await writer.store(row("After"), mailsFor("After"));
      const stored = await testDb().db.selectFrom("form_submissions").select("name").where("id", "=", id).execute();
      expect(stored).toEqual([{ name: "After" }]);
      await thread.stop();
    },
  );
});

describe.runIf(testDialect === "sqlite")("SQLite: the server's connection beside the submission thread", () => {
  const testDb = useTestDatabase();

  it("a transaction that reads and then writes never fails because the thread committed in between", async () => {
    const { db, url } = testDb();
    const thread = new SqliteSubmissionThread(url.slice("file:".length), { autoCheckpoint: true });
    const writer = new SubmissionWriter(db, thread);
    const row = (i: number): NewFormSubmission => ({
      form_type: "Contact",
      name: `Visitor ${i}`,
      email: "visitor@example.com",
      status: "new",
      created_at: nowIso(),
    });
    // A steady stream of submissions on the thread…
    let storing = true;
    let streamed = 0;
    const stream = (async () => {
      for (let i = 0; storing; i++) {
        await Promise.all([writer.store(row(i), []), writer.store(row(i), [])]);
        streamed += 2;
      }
    })();
    let rounds = 0;
    try {
      // …while the server's own connection reads, then writes (as the outbox's claim does).
      for (let round = 0; round < 40; round++) {
        await db.transaction().execute(async (tx) => {
          const newest = await tx.selectFrom("form_submissions").select("id").orderBy("id", "desc").limit(1).execute();
          await new Promise((resolve) => setTimeout(resolve, 1));
          await tx
            .updateTable("form_submissions")
            .set({ status: "read" })
            .where("id", "=", newest[0]?.id ?? 0)
            .execute();
        });
        rounds++;
      }
    } finally {
      storing = false;
      await stream;
      await thread.stop();
    }
    // Every round committed, and the thread committed between them.
    expect(rounds).toBe(40);
    expect(streamed).toBeGreaterThan(0);
    const stored = await db.selectFrom("form_submissions").select("id").execute();
    expect(stored).toHaveLength(streamed);
  });

  it("a transaction waiting for another connection's write lock leaves the event loop free meanwhile", async () => {
    const { db, url } = testDb();
    const other = new SQLite(url.slice("file:".length));
    other.exec("BEGIN IMMEDIATE");
    // What happened, in order: proved by the order, not by how much happened in how long.
    const events: string[] = [];
    const transaction = db
      .transaction()
      .execute((tx) => tx.updateTable("form_submissions").set({ status: "read" }).where("id", "=", -1).execute())
      .then(
        () => void events.push("transaction committed"),
        (error: unknown) => void events.push(`transaction failed: ${String(error)}`),
      );
    try {
      // A timer set while the transaction waits for the lock. SQLite's own busy handler would hold
      // this thread still until it gave up ("database is locked"): the timer would fire only after.
      await new Promise((resolve) => setTimeout(resolve, 10));
      events.push("timer fired");
      other.exec("COMMIT");
      events.push("lock released");
    } finally {
      // However the test ends, the transaction ends before the database is closed after it.
      if (other.inTransaction) other.exec("ROLLBACK");
      other.close();
      await transaction;
    }
    expect(events).toEqual(["timer fired", "lock released", "transaction committed"]);
  });
});
