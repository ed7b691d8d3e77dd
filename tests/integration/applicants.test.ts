/**
 * The applicant pipeline on the database: a suite application arrives as a new applicant; stage
 * moves are checked, guarded and recorded with who and when (and audited); notes and e-mails are kept
 * on the applicant, the e-mails queued in the outbox; a booked tour moves the applicant; the board
 * counts, filters and pages; migration 0028 makes the applications already stored new applicants.
 */
import { Migrator, sql } from "kysely";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { migrations } from "../../migrations";
import { contactDefaults } from "~/content/contact";
import { emailApplicant } from "~/server/applicants/email.server";
import {
  addApplicantNote,
  APPLICANT_CHANGED,
  APPLICANT_GONE,
  applicantBoard,
  applicantEvents,
  markTourBooked,
  moveApplicant,
} from "~/server/applicants/pipeline.server";
import { ContentService } from "~/server/content/content.server";
import { submitForm, type FormServiceDeps } from "~/server/forms/submit-form.server";
import { RateLimiter } from "~/server/http/rate-limit.server";
import { createLogger } from "~/server/logger.server";
import { suiteApplicationSubmission, SuiteApplicationFormSchema } from "~/lib/forms/public-forms";
import { CONTACT_BODY } from "../support/submission-bodies";
import { shortSuiteApplication } from "../support/fixtures";
import { addDefaultSuiteTypes } from "../support/suite-types";
import { clearTables, createTestDatabase, testDialect, useTestDatabase, type TestDatabase } from "../support/test-db";

const ADMIN = { userId: null, email: "owner@salon.example" };

describe(`the applicant pipeline (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const db = () => testDb().db;
  let deps: FormServiceDeps;

  const apply = async (email: string, suiteSize = "Small Suites") => {
    const form = SuiteApplicationFormSchema.parse(shortSuiteApplication(email, suiteSize));
    const result = await submitForm(deps, suiteApplicationSubmission(form), { clientIp: "203.0.113.9" });
    if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
    return result.id;
  };
  const stageOf = async (id: number) =>
    (
      await db()
        .selectFrom("form_submissions")
        .select(["applicant_stage", "applicant_stage_at"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).applicant_stage;

  beforeEach(async () => {
    await clearTables(db(), ["applicant_events", "mail_outbox", "audit_log", "form_submissions", "clients"]);
    await addDefaultSuiteTypes(db());
    deps = {
      db: db(),
      content: new ContentService(db()),
      rateLimiter: new RateLimiter(100, 60_000),
      logger: createLogger("silent"),
      publicUrl: "https://salon.example",
    };
  });

  it("stores a suite application as a new applicant, and nothing else as one", async () => {
    const id = await apply("robin@example.com");
    const contact = await submitForm(deps, CONTACT_BODY, { clientIp: "203.0.113.9" });
    const rows = await db()
      .selectFrom("form_submissions")
      .select(["id", "applicant_stage", "applicant_stage_at", "created_at"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id, applicant_stage: "new", applicant_stage_at: rows[0].created_at, created_at: rows[0].created_at },
      { id: contact.ok && contact.id, applicant_stage: null, applicant_stage_at: null, created_at: rows[1].created_at },
    ]);
  });

  it("moves an applicant along the allowed stages, recording who and when, and refuses the rest", async () => {
    const id = await apply("robin@example.com");
    expect(await moveApplicant(db(), id, "tour_booked", ADMIN, "new")).toEqual({
      ok: true,
      from: "new",
      to: "tour_booked",
    });
    // Skipping straight to leased, and a move from a page that still showed "new", change nothing.
    expect(await moveApplicant(db(), id, "leased", ADMIN)).toEqual({
      ok: false,
      status: 409,
      message: "An applicant who is tour booked cannot move to leased.",
    });
    expect(await moveApplicant(db(), id, "declined", ADMIN, "new")).toEqual({
      ok: false,
      status: 409,
      message: APPLICANT_CHANGED,
    });
    expect(await moveApplicant(db(), id + 100, "toured", ADMIN)).toEqual({
      ok: false,
      status: 404,
      message: APPLICANT_GONE,
    });
    expect(await stageOf(id)).toBe("tour_booked");
    await moveApplicant(db(), id, "toured", ADMIN);

    const events = await applicantEvents(db(), id);
    expect(events.map((e) => [e.kind, e.from_stage, e.to_stage, e.user_email])).toEqual([
      ["stage", "tour_booked", "toured", ADMIN.email],
      ["stage", "new", "tour_booked", ADMIN.email],
    ]);
    const audits = await db().selectFrom("audit_log").select(["action", "user_email"]).orderBy("id").execute();
    expect(audits).toEqual([
      { action: `moved applicant #${id} (Robin Vale) from New to Tour booked`, user_email: ADMIN.email },
      { action: `moved applicant #${id} (Robin Vale) from Tour booked to Toured`, user_email: ADMIN.email },
    ]);
  });

  it("keeps notes and e-mails on the applicant, the e-mail queued from the salon to the applicant", async () => {
    const id = await apply("robin@example.com");
    expect(await addApplicantNote(db(), id, "Wants a window.\nCall after 5.", ADMIN)).toBe(true);
    const sent = await emailApplicant(
      db(),
      deps.content,
      id,
      { subject: "Your tour", body: "Come by on Tuesday at 10." },
      ADMIN,
    );
    expect(sent).toEqual({ mailId: expect.any(Number), to: "robin@example.com" });

    const mail = await db()
      .selectFrom("mail_outbox")
      .selectAll()
      .where("id", "=", sent!.mailId)
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({
      to_address: "robin@example.com",
      reply_to: contactDefaults.email,
      subject: "Your tour",
      text_body: "Come by on Tuesday at 10.",
      status: "pending",
      submission_id: id,
    });
    const events = await applicantEvents(db(), id);
    expect(events.map((e) => [e.kind, e.subject, e.body, e.mail_to, e.mail_status, e.user_email])).toEqual([
      ["email", "Your tour", "Come by on Tuesday at 10.", "robin@example.com", "pending", ADMIN.email],
      ["note", null, "Wants a window.\nCall after 5.", null, null, ADMIN.email],
    ]);

    // Only applicants: a contact message gets neither.
    const contact = await submitForm(deps, CONTACT_BODY, { clientIp: "203.0.113.9" });
    if (!contact.ok) throw new Error("refused");
    expect(await addApplicantNote(db(), contact.id, "x", ADMIN)).toBe(false);
    expect(await emailApplicant(db(), deps.content, contact.id, { subject: "x", body: "y" }, ADMIN)).toBeNull();

    // The application deleted, its history goes with it.
    await db().deleteFrom("mail_outbox").execute();
    await db().deleteFrom("form_submissions").where("id", "=", id).execute();
    expect(await db().selectFrom("applicant_events").select("id").execute()).toEqual([]);
  });

  it("marks the tour booked for the newest new application from that e-mail, or the one named", async () => {
    const older = await apply("robin@example.com");
    const newer = await apply("Robin@Example.com ");
    const other = await apply("sky@example.com");
    expect(await markTourBooked(db(), { email: "ROBIN@example.com" })).toBe(newer);
    expect(await stageOf(newer)).toBe("tour_booked");
    expect(await stageOf(older)).toBe("new");
    // By id, and only from new: a second tour for the same applicant changes nothing.
    expect(await markTourBooked(db(), { email: "", submissionId: other })).toBe(other);
    expect(await markTourBooked(db(), { email: "", submissionId: other })).toBeNull();
    expect(await markTourBooked(db(), { email: "nobody@example.com" })).toBeNull();
    const [event] = await applicantEvents(db(), newer);
    expect(event).toMatchObject({ kind: "stage", from_stage: "new", to_stage: "tour_booked", user_email: null });
  });

  it("counts every stage and shows a page of one, filtered by suite type and search, without spam", async () => {
    const small = [await apply("a@example.com"), await apply("b@example.com"), await apply("c@example.com")];
    const daily = await apply("d@example.com", "Daily Rentals");
    const spam = await apply("e@example.com");
    await db().updateTable("form_submissions").set({ status: "spam" }).where("id", "=", spam).execute();
    await moveApplicant(db(), small[0], "declined", ADMIN);

    const all = await applicantBoard(db(), { stage: "", type: "", q: "", page: 1 });
    expect(all.counts).toEqual({ new: 3, tour_booked: 0, toured: 0, approved: 0, declined: 1, leased: 0 });
    expect(all.stages.find((s) => s.stage === "new")?.cards.map((c) => c.id)).toEqual([daily, small[2], small[1]]);

    const daily_ = await applicantBoard(db(), { stage: "", type: "Daily Rentals", q: "", page: 1 });
    expect(daily_.counts.new).toBe(1);
    expect(daily_.counts.declined).toBe(0);
    const search = await applicantBoard(db(), { stage: "new", type: "", q: "c@example", page: 1 });
    expect(search.stages).toEqual([{ stage: "new", total: 1, cards: [expect.objectContaining({ id: small[2] })] }]);
    // A page past the end is the last page.
    expect(await applicantBoard(db(), { stage: "declined", type: "", q: "", page: 9 })).toMatchObject({
      page: 1,
      pageCount: 1,
      stages: [{ stage: "declined", total: 1 }],
    });
  });
});

describe(`migration 0028 makes stored applications new applicants (${testDialect})`, () => {
  const open: TestDatabase[] = [];
  afterAll(async () => {
    for (const t of open) await t.destroy();
  });

  it("gives every suite application the stage new since it came, other forms none; down drops it", async () => {
    const t = await createTestDatabase({ migrate: false });
    open.push(t);
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0021_waitlist_booking_keys")).error).toBeUndefined();
    await sql`INSERT INTO form_submissions (form_type, name, email, phone, status, details, created_at)
      VALUES ('Suite Application', 'Ada', 'ada@example.com', '7135550100', 'archived', '{}', '2026-01-02T10:00:00.000Z'),
             ('Contact', 'Bea', 'bea@example.com', NULL, 'new', NULL, '2026-01-03T10:00:00.000Z')`.execute(t.db);

    expect((await migrator.migrateTo("0028_applicants")).error).toBeUndefined();
    const rows = await sql<{ name: string; applicant_stage: string | null; applicant_stage_at: string | null }>`
      SELECT name, applicant_stage, applicant_stage_at FROM form_submissions ORDER BY id`
      .execute(t.db)
      .then((r) => r.rows);
    expect(rows).toEqual([
      { name: "Ada", applicant_stage: "new", applicant_stage_at: "2026-01-02T10:00:00.000Z" },
      { name: "Bea", applicant_stage: null, applicant_stage_at: null },
    ]);

    expect((await migrator.migrateTo("0021_waitlist_booking_keys")).error).toBeUndefined();
    const [row] = await sql<Record<string, unknown>>`SELECT * FROM form_submissions`.execute(t.db).then((r) => r.rows);
    expect(row).not.toHaveProperty("applicant_stage");
  });
});
