import { sql, type SqlBool } from "kysely";
import {
  APPLICANT_STAGES,
  APPLICANTS_PAGE_SIZE,
  BOARD_STAGE_SIZE,
  STAGE_LABELS,
  stageMoveRefusal,
  type ApplicantQuery,
  type ApplicantStage,
} from "~/lib/applicants/pipeline";
import { audit } from "../audit/audit.server";
import { nowIso, type Db, type DbOrTx } from "../db/database.server";
import type { FormSubmissionRow } from "../db/schema";
import type { Actor } from "../submissions/submissions.server";
import { filterWhere, likePattern } from "../submissions/query.server";

/**
 * The applicant pipeline: each suite application (a form submission) is an applicant with a stage
 * (form_submissions.applicant_stage); its stage changes, notes and e-mails are rows of
 * applicant_events. A stage change is one guarded UPDATE (… AND applicant_stage = the stage it was
 * read in), written with its event and audit entry in one transaction.
 */

export const APPLICATION_FORM_TYPE = "Suite Application";
const AUDIT_TARGET = "Applicants";

/** The site itself (a booked tour): no user. */
export const SITE_ACTOR: Actor = { userId: null, email: null };

export const APPLICANT_GONE = "This applicant does not exist. The application may have been deleted.";
export const APPLICANT_CHANGED = "This applicant was changed meanwhile. Reload the page and try again.";

export type StageChange =
  { ok: true; from: ApplicantStage; to: ApplicantStage } | { ok: false; status: 404 | 409; message: string };

/** Where the list's rows come from: applications that are not spam. */
function applicants(db: DbOrTx, query: Pick<ApplicantQuery, "type" | "q">) {
  return db
    .selectFrom("form_submissions")
    .where("form_type", "=", APPLICATION_FORM_TYPE)
    .where("status", "!=", "spam")
    .where("applicant_stage", "is not", null)
    .where(filterWhere({ type: null, q: query.q }))
    .$if(!!query.type, (qb) =>
      // details is the stored JSON of the application: its suiteSizes list holds each name quoted.
      qb.where(sql<SqlBool>`lower(details) like ${likePattern(JSON.stringify(query.type))} escape '\\'`),
    );
}

export interface ApplicantCard {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  stage: ApplicantStage;
  stageAt: string;
  createdAt: string;
  details: string | null;
}

const CARD = [
  "id",
  "name",
  "email",
  "phone",
  "applicant_stage",
  "applicant_stage_at",
  "created_at",
  "details",
] as const;

type CardRow = Pick<FormSubmissionRow, (typeof CARD)[number]>;

const toCard = (row: CardRow): ApplicantCard => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  stage: row.applicant_stage ?? "new",
  stageAt: row.applicant_stage_at ?? row.created_at,
  createdAt: row.created_at,
  details: row.details,
});

export interface ApplicantBoard {
  counts: Record<ApplicantStage, number>;
  /** Each stage's applicants, the latest change first: all of the chosen stage's page, else the first few of each. */
  stages: { stage: ApplicantStage; cards: ApplicantCard[]; total: number }[];
  page: number;
  pageCount: number;
}

/**
 * The board: how many applicants each stage holds (within the type and search filters) and, with
 * no stage chosen, the latest few of every stage; with one chosen, a page of that stage.
 */
export async function applicantBoard(db: DbOrTx, query: ApplicantQuery): Promise<ApplicantBoard> {
  const countRows = await applicants(db, query)
    .select(["applicant_stage", (eb) => eb.fn.countAll<number | string>().as("n")])
    .groupBy("applicant_stage")
    .execute();
  const counts = Object.fromEntries(APPLICANT_STAGES.map((s) => [s, 0])) as Record<ApplicantStage, number>;
  for (const row of countRows) if (row.applicant_stage) counts[row.applicant_stage] = Number(row.n);

  const pageOf = (stage: ApplicantStage, limit: number, offset: number) =>
    applicants(db, query)
      .select(CARD)
      .where("applicant_stage", "=", stage)
      .orderBy("applicant_stage_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .offset(offset)
      .execute()
      .then((rows) => rows.map(toCard));

  if (query.stage) {
    const total = counts[query.stage];
    const pageCount = Math.max(1, Math.ceil(total / APPLICANTS_PAGE_SIZE));
    const page = Math.min(query.page, pageCount);
    const cards = await pageOf(query.stage, APPLICANTS_PAGE_SIZE, (page - 1) * APPLICANTS_PAGE_SIZE);
    return { counts, stages: [{ stage: query.stage, cards, total }], page, pageCount };
  }
  const stages = await Promise.all(
    APPLICANT_STAGES.map(async (stage) => ({
      stage,
      cards: counts[stage] ? await pageOf(stage, BOARD_STAGE_SIZE, 0) : [],
      total: counts[stage],
    })),
  );
  return { counts, stages, page: 1, pageCount: 1 };
}

/** An application with its stage, or undefined when there is no such application. */
export async function findApplicant(db: DbOrTx, id: number): Promise<FormSubmissionRow | undefined> {
  if (!Number.isSafeInteger(id)) return undefined;
  return db
    .selectFrom("form_submissions")
    .selectAll()
    .where("id", "=", id)
    .where("form_type", "=", APPLICATION_FORM_TYPE)
    .where("applicant_stage", "is not", null)
    .executeTakeFirst();
}

export async function applicantEvents(db: DbOrTx, id: number) {
  return db
    .selectFrom("applicant_events")
    .leftJoin("mail_outbox", "mail_outbox.id", "applicant_events.mail_id")
    .select([
      "applicant_events.id",
      "applicant_events.kind",
      "applicant_events.from_stage",
      "applicant_events.to_stage",
      "applicant_events.subject",
      "applicant_events.body",
      "applicant_events.user_email",
      "applicant_events.created_at",
      "mail_outbox.to_address as mail_to",
      "mail_outbox.status as mail_status",
      "mail_outbox.sent_at as mail_sent_at",
      "mail_outbox.attempts as mail_attempts",
      "mail_outbox.last_error as mail_error",
    ])
    .where("applicant_events.submission_id", "=", id)
    .orderBy("applicant_events.id", "desc")
    .execute();
}

export type ApplicantEvent = Awaited<ReturnType<typeof applicantEvents>>[number];

const who = (row: Pick<FormSubmissionRow, "id" | "name" | "email">) =>
  `applicant #${row.id} (${row.name || row.email})`;

/**
 * Moves an applicant to another stage, if the pipeline allows it from the stage it is in now.
 * `expected`, when given, is the stage the person saw: a move from a stale page is refused (409).
 */
export async function moveApplicant(
  db: Db,
  id: number,
  to: ApplicantStage,
  actor: Actor,
  expected?: ApplicantStage,
): Promise<StageChange> {
  return db.transaction().execute((tx) => moveIn(tx, id, to, actor, expected));
}

async function moveIn(
  tx: DbOrTx,
  id: number,
  to: ApplicantStage,
  actor: Actor,
  expected?: ApplicantStage,
): Promise<StageChange> {
  const row = await findApplicant(tx, id);
  if (!row?.applicant_stage) return { ok: false, status: 404, message: APPLICANT_GONE };
  const from = row.applicant_stage;
  if (expected && expected !== from) return { ok: false, status: 409, message: APPLICANT_CHANGED };
  const refusal = stageMoveRefusal(from, to);
  if (refusal) return { ok: false, status: 409, message: refusal };
  const at = nowIso();
  const updated = await tx
    .updateTable("form_submissions")
    .set({ applicant_stage: to, applicant_stage_at: at })
    .where("id", "=", id)
    .where("applicant_stage", "=", from)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return { ok: false, status: 409, message: APPLICANT_CHANGED };
  await tx
    .insertInto("applicant_events")
    .values({
      submission_id: id,
      kind: "stage",
      from_stage: from,
      to_stage: to,
      user_id: actor.userId,
      user_email: actor.email,
      created_at: at,
    })
    .execute();
  await audit(tx, actor, `moved ${who(row)} from ${STAGE_LABELS[from]} to ${STAGE_LABELS[to]}`, AUDIT_TARGET);
  return { ok: true, from, to };
}

/** Adds a staff note to an applicant; false when there is no such applicant. */
export async function addApplicantNote(db: DbOrTx, id: number, note: string, actor: Actor): Promise<boolean> {
  if (!(await findApplicant(db, id))) return false;
  await db
    .insertInto("applicant_events")
    .values({
      submission_id: id,
      kind: "note",
      body: note,
      user_id: actor.userId,
      user_email: actor.email,
      created_at: nowIso(),
    })
    .execute();
  return true;
}

/**
 * A tour was booked: the applicant moves to "tour booked" (for the tours module). The application is
 * `submissionId` when given, else the latest application from this e-mail that is new (an applicant
 * further along, or no application at all, is left as it is). Call it inside the tour's own
 * transaction, so the move stands or falls with the booking. Returns the applicant moved, or null.
 */
export async function markTourBooked(
  db: DbOrTx,
  { email, submissionId }: { email: string; submissionId?: number },
): Promise<number | null> {
  const candidate = await db
    .selectFrom("form_submissions")
    .select("id")
    .where("form_type", "=", APPLICATION_FORM_TYPE)
    .where("status", "!=", "spam")
    .where("applicant_stage", "=", "new")
    .$if(submissionId !== undefined, (qb) => qb.where("id", "=", submissionId!))
    .$if(submissionId === undefined, (qb) => qb.where(sql<SqlBool>`lower(trim(email)) = ${email.trim().toLowerCase()}`))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!candidate) return null;
  const moved = await moveIn(db, candidate.id, "tour_booked", SITE_ACTOR, "new");
  return moved.ok ? candidate.id : null;
}
