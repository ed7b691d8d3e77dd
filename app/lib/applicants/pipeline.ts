import { z } from "zod";
import { requiredText } from "~/lib/forms/fields";
import { pageParam } from "~/lib/paging";
import { MAX_SEARCH_LENGTH } from "~/lib/submissions";

/**
 * The applicant pipeline (/admin/applicants): every suite application is an applicant with a stage.
 * Its stages, the moves allowed between them, and the admin's forms and list query.
 */
export const APPLICANT_STAGES = ["new", "tour_booked", "toured", "approved", "declined", "leased"] as const;
export type ApplicantStage = (typeof APPLICANT_STAGES)[number];

export const STAGE_LABELS: Record<ApplicantStage, string> = {
  new: "New",
  tour_booked: "Tour booked",
  toured: "Toured",
  approved: "Approved",
  declined: "Declined",
  leased: "Leased",
};

/**
 * Where an applicant may go from each stage. Forward along new → tour booked → toured → approved →
 * leased, with a stage skipped when it did not happen (no tour); back when it is undone (a tour
 * cancelled, a second tour); declined from anywhere before the lease, and a declined applicant
 * may be taken up again as new. Leased is the end.
 */
export const NEXT_STAGES: Record<ApplicantStage, readonly ApplicantStage[]> = {
  new: ["tour_booked", "toured", "approved", "declined"],
  tour_booked: ["new", "toured", "approved", "declined"],
  toured: ["tour_booked", "approved", "declined"],
  approved: ["leased", "declined"],
  declined: ["new"],
  leased: [],
};

export function isApplicantStage(value: unknown): value is ApplicantStage {
  return typeof value === "string" && (APPLICANT_STAGES as readonly string[]).includes(value);
}

/** Why an applicant in `from` cannot move to `to`, or null when the move is allowed. */
export function stageMoveRefusal(from: ApplicantStage, to: ApplicantStage): string | null {
  if (from === to) return `This applicant is already ${STAGE_LABELS[to].toLowerCase()}.`;
  if (NEXT_STAGES[from].includes(to)) return null;
  return from === "leased"
    ? "A leased applicant stays leased."
    : `An applicant who is ${STAGE_LABELS[from].toLowerCase()} cannot move to ${STAGE_LABELS[to].toLowerCase()}.`;
}

export const APPLICANT_EVENT_KINDS = ["stage", "note", "email"] as const;
export type ApplicantEventKind = (typeof APPLICANT_EVENT_KINDS)[number];

export const NOTE_MAX = 5000;
export const EMAIL_BODY_MAX = 10000;

export const applicantStageSchema = z.object({
  stage: z.enum(APPLICANT_STAGES, { error: "Choose a stage" }),
});

export const applicantNoteSchema = z.object({ note: requiredText("Note", NOTE_MAX, { multiline: true }) });

export const applicantEmailSchema = z.object({
  subject: requiredText("Subject", 200),
  body: requiredText("Message", EMAIL_BODY_MAX, { multiline: true }),
});

/** The list's filters from its URL (?stage=&type=&q=&page=); anything unknown is no filter. */
export interface ApplicantQuery {
  stage: ApplicantStage | "";
  /** A suite type's name (one of the salon's): applicants who chose it. */
  type: string;
  q: string;
  page: number;
}

export const APPLICANTS_PAGE_SIZE = 25;
/** How many of each stage the board shows before "Show all". */
export const BOARD_STAGE_SIZE = 6;

/** The list's query; `suiteTypeNames` are the salon's suite types (a type filter must name one). */
export function parseApplicantQuery(params: URLSearchParams, suiteTypeNames: readonly string[]): ApplicantQuery {
  const stage = params.get("stage");
  const type = params.get("type") ?? "";
  return {
    stage: isApplicantStage(stage) ? stage : "",
    type: suiteTypeNames.includes(type) ? type : "",
    q: (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_LENGTH),
    page: pageParam(params.get("page")),
  };
}

/** The list's query string ("" for the default). */
export function applicantSearch(query: Partial<ApplicantQuery>): string {
  const params = new URLSearchParams();
  if (query.stage) params.set("stage", query.stage);
  if (query.type) params.set("type", query.type);
  if (query.q) params.set("q", query.q);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}
