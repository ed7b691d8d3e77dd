import { describe, expect, it } from "vitest";
import {
  APPLICANT_STAGES,
  applicantSearch,
  NEXT_STAGES,
  parseApplicantQuery,
  stageMoveRefusal,
  type ApplicantStage,
} from "./pipeline";

describe("applicant stage moves", () => {
  it.each<[ApplicantStage, ApplicantStage]>([
    ["new", "tour_booked"],
    ["new", "declined"],
    ["tour_booked", "toured"],
    ["tour_booked", "new"],
    ["toured", "approved"],
    ["toured", "tour_booked"],
    ["approved", "leased"],
    ["approved", "declined"],
    ["declined", "new"],
  ])("%s → %s is allowed", (from, to) => expect(stageMoveRefusal(from, to)).toBeNull());

  it.each<[ApplicantStage, ApplicantStage, string]>([
    ["new", "leased", "An applicant who is new cannot move to leased."],
    ["toured", "new", "An applicant who is toured cannot move to new."],
    ["declined", "approved", "An applicant who is declined cannot move to approved."],
    ["leased", "declined", "A leased applicant stays leased."],
    ["approved", "approved", "This applicant is already approved."],
  ])("%s → %s is refused", (from, to, message) => expect(stageMoveRefusal(from, to)).toBe(message));

  it("reaches leased only through approved, and every stage from new", () => {
    for (const stage of APPLICANT_STAGES) {
      expect(NEXT_STAGES[stage].includes("leased")).toBe(stage === "approved");
    }
    const reached = new Set<ApplicantStage>(["new"]);
    // A Set iterates over what is added while it iterates: a breadth-first walk.
    for (const stage of reached) for (const next of NEXT_STAGES[stage]) reached.add(next);
    expect([...reached].sort()).toEqual([...APPLICANT_STAGES].sort());
  });
});

describe("the applicant list's query", () => {
  it("keeps known filters and drops the rest", () => {
    const query = parseApplicantQuery(new URLSearchParams("stage=toured&type=Small+Suites&q=+Ada++Lee+&page=3"), [
      "Small Suites",
    ]);
    expect(query).toEqual({ stage: "toured", type: "Small Suites", q: "Ada Lee", page: 3 });
    expect(parseApplicantQuery(new URLSearchParams("stage=lost&type=Castle&page=-2"), ["Small Suites"])).toEqual({
      stage: "",
      type: "",
      q: "",
      page: 1,
    });
    expect(applicantSearch(query)).toBe("?stage=toured&type=Small+Suites&q=Ada+Lee&page=3");
    expect(applicantSearch({ stage: "", page: 1 })).toBe("");
  });
});
