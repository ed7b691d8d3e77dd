import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import {
  dateOfBirthField,
  FORM_TYPES,
  preferredDateField,
  submissionSchema,
  SubmissionSchema,
  SuiteDetailsSchema,
} from "./submission";
import { fieldErrorsOf } from "./field-errors";

/** The messages a visitor is shown for a value, or "ok" and what is kept. */
function answer(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? { ok: result.data } : result.error.issues.map((issue) => issue.message);
}

// Late evening of 22 November in Houston, already 23 November in Auckland.
const NOW = new Date("2026-11-23T03:00:00Z");

describe("the dates a submission may carry", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("a preferred date: from the salon's today to a year on, a real date, one message for an empty one", () => {
    const date = preferredDateField("America/Chicago");
    expect(answer(date, "2026-11-22")).toEqual({ ok: "2026-11-22" });
    expect(answer(date, " 2027-11-22 ")).toEqual({ ok: "2027-11-22" });
    expect(answer(date, "2026-11-21")).toEqual(["Choose a date from today onwards"]);
    expect(answer(date, "2027-11-23")).toEqual(["Choose a date within the next 12 months"]);
    expect(answer(date, "2027-02-30")).toEqual(["Enter the date as YYYY-MM-DD"]);
    expect(answer(date, " ")).toEqual(["Preferred date is required"]);
    expect(answer(date, null)).toEqual(["Preferred date is required"]);
    expect(answer(preferredDateField("Pacific/Auckland"), "2026-11-22")).toEqual(["Choose a date from today onwards"]);
  });

  it("a date of birth: optional, a real date before the salon's today", () => {
    const birth = dateOfBirthField("America/Chicago");
    expect(answer(birth, "")).toEqual({ ok: undefined });
    expect(answer(birth, undefined)).toEqual({ ok: undefined });
    expect(answer(birth, "1990-04-12")).toEqual({ ok: "1990-04-12" });
    expect(answer(birth, " 1990-04-12 ")).toEqual({ ok: "1990-04-12" });
    expect(answer(birth, "2026-11-21")).toEqual({ ok: "2026-11-21" });
    for (const wrong of ["2026-11-22", "2030-01-01", "1990-02-30", "12/04/1990"]) {
      expect(answer(birth, wrong), wrong).toEqual(["Enter a valid date of birth"]);
    }
    // Already the 23rd in Auckland: the 22nd has passed there.
    expect(answer(dateOfBirthField("Pacific/Auckland"), "2026-11-22")).toEqual({ ok: "2026-11-22" });
  });

  it("a suite application's desired occupancy date in its details: optional, a real date", () => {
    const occupancy = SuiteDetailsSchema.shape.desiredOccupancyDate;
    expect(answer(occupancy, " ")).toEqual({ ok: undefined });
    expect(answer(occupancy, "2027-01-05")).toEqual({ ok: "2027-01-05" });
    expect(answer(occupancy, "2027-02-30")).toEqual(["Enter the date as YYYY-MM-DD"]);
  });

  it("the API judges a suite applicant's date of birth by the salon's today", () => {
    // Already the 23rd on Kiritimati (UTC+14). The API keeps one schema per zone for the whole run; no
    // other test asks for this zone's, so this test checks one it made itself.
    const application = {
      formType: "Suite Application",
      name: "Lena Park",
      email: "pro@example.com",
      phone: "(713) 555-0111",
      details: {
        address: "1 Main St",
        city: "Auckland",
        state: "AUK",
        zipCode: "10100",
        professionalLicenseId: "NZ-123",
        businessName: "Lena Lashes",
        educationExperience: "Licensed 2018",
        servicesProvided: "Lash extensions",
        dateOfBirth: "2026-11-22",
      },
    };
    expect(submissionSchema("Pacific/Kiritimati").safeParse(application).success).toBe(true);
    expect(fieldErrorsOf(submissionSchema("America/Chicago").safeParse(application).error!)).toEqual({
      "details.dateOfBirth": ["Enter a valid date of birth"],
    });
  });
});

describe("what the API says about a body it refuses", () => {
  const kinds = `formType must be one of: ${FORM_TYPES.join(", ")}`;

  it("names the form types when the type is missing or unknown, for any salon's time zone", () => {
    expect(kinds).toBe("formType must be one of: appointment_request, Contact, Booking, Suite Application, Newsletter");
    for (const schema of [SubmissionSchema, submissionSchema("Europe/London")]) {
      expect(fieldErrorsOf(schema.safeParse({ formType: "Spam" }).error!)).toEqual({ formType: [kinds] });
      expect(fieldErrorsOf(schema.safeParse({}).error!)).toEqual({ formType: [kinds] });
    }
  });

  it("puts a problem with the body as a whole under 'form', and every message of a field under its name", () => {
    expect(fieldErrorsOf(submissionSchema("Europe/London").safeParse("hello").error!)).toEqual({ form: [kinds] });
    expect(
      fieldErrorsOf(
        submissionSchema("Europe/London").safeParse({ formType: "Newsletter", email: "not-an-email", extra: 1 }).error!,
      ),
    ).toEqual({ email: ["Enter a valid email address"] });
    const booking = { formType: "Booking", name: "", email: "", phone: "", service: "", agreeToTerms: false };
    expect(fieldErrorsOf(submissionSchema("Europe/London").safeParse(booking).error!)).toEqual({
      name: ["Name is required"],
      email: ["Email is required"],
      phone: ["Phone is required"],
      service: ["Service is required"],
      agreeToTerms: ["Please agree to the terms and cancellation policy"],
    });
  });
});
