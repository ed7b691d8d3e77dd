import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FACIALS_PAGE } from "~/content/facials";
import { CATEGORY_ORDER, categoryPath, SERVICE_LABELS } from "~/content/service-pages";
import { TREATMENTS } from "~/content/treatments";
import {
  SUITE_APPLICATION_REQUIRED_INPUTS,
  SUITE_APPLICATION_REQUIRED_MESSAGES,
} from "../../../tests/support/fixtures";
import { localDate } from "~/lib/dates";
import { fieldRules, formRules } from "./field-rules";
import {
  appointmentSubmission,
  AppointmentFormSchema,
  bookingFormSchema,
  bookingSubmission,
  ContactFormSchema,
  contactSubmission,
  SuiteApplicationFormSchema,
  suiteApplicationFormSchema,
  suiteApplicationSubmission,
} from "./public-forms";
import { fieldErrorsOf } from "./field-errors";
import { CONTACT_SERVICES, submissionSchema, SubmissionSchema } from "./submission";
const NAMES = ["Small Suites", "Large Suites / Duos", "Hair Stations", "Daily Rentals"];

describe("form rules read from a schema", () => {
  it("are read once per schema: every render of a form gets the same frozen rules", () => {
    const first = formRules(AppointmentFormSchema);
    expect(formRules(AppointmentFormSchema)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first.firstName).toEqual(fieldRules(AppointmentFormSchema.shape.firstName));
  });
});

describe("appointment form", () => {
  it("needs first name, last name and email; joins the name with a space", () => {
    const bad = AppointmentFormSchema.safeParse({ firstName: " ", lastName: "", email: "" });
    expect(bad.success).toBe(false);
    expect(Object.keys(fieldErrorsOf(bad.error!)).sort()).toEqual(["email", "firstName", "lastName"]);
    const ok = AppointmentFormSchema.parse({
      firstName: " Ana ",
      lastName: "Ruiz",
      email: "ana@example.com",
      phone: "",
    });
    const submission = appointmentSubmission(ok);
    expect(submission).toMatchObject({ formType: "appointment_request", name: "Ana Ruiz", email: "ana@example.com" });
    expect(SubmissionSchema.safeParse(submission).success).toBe(true);
  });
});

describe("contact form", () => {
  it("lists every service of the services content: each category page, then the signature treatments", () => {
    expect(CONTACT_SERVICES.map(({ value, label }) => [value, label])).toEqual([
      ...CATEGORY_ORDER.map((type) => [categoryPath(type).replace("/services/", ""), SERVICE_LABELS[type]]),
      ["facials", FACIALS_PAGE.title],
      ...TREATMENTS.map((t) => [t.id, t.title]),
    ]);
    expect(CONTACT_SERVICES.map((s) => s.label)).toContain("Hair Services");
    expect(new Set(CONTACT_SERVICES.map((s) => s.value)).size).toBe(CONTACT_SERVICES.length);
  });

  it("accepts exactly the listed services or none, on the form and on the API", () => {
    const contact = (service: string) => ContactFormSchema.safeParse({ name: "A", email: "a@b.co", service });
    const api = (service: string) =>
      SubmissionSchema.safeParse({ formType: "Contact", name: "A", email: "a@b.co", service });
    expect(contact("").success).toBe(true);
    for (const { value } of CONTACT_SERVICES) {
      expect(contact(value).success, value).toBe(true);
      expect(api(value).success, value).toBe(true);
    }
    for (const other of ["tattoo", "Hair Services", "services/hair"]) {
      expect(fieldErrorsOf(contact(other).error!)).toEqual({ service: ["Choose a listed service"] });
      expect(api(other).success, other).toBe(false);
    }
  });
  it("keeps every field of a message as a Contact submission", () => {
    const message = ContactFormSchema.parse({
      name: " Ana Ruiz ",
      email: "ana@example.com",
      phone: "713-555-0101",
      service: "facials",
      message: "Hello",
    });
    const submission = contactSubmission(message);
    expect(submission).toEqual({
      formType: "Contact",
      name: "Ana Ruiz",
      email: "ana@example.com",
      phone: "713-555-0101",
      service: "facials",
      message: "Hello",
    });
    expect(SubmissionSchema.safeParse(submission).success).toBe(true);
  });

  it("refuses a malformed email and phone", () => {
    const result = ContactFormSchema.safeParse({ name: "A", email: "not-an-email", phone: "call me" });
    expect(fieldErrorsOf(result.error!)).toMatchObject({
      email: ["Enter a valid email address"],
      phone: ["Enter a valid phone number"],
    });
  });
});

describe("booking request form (a service not booked online)", () => {
  const valid = {
    firstName: "Jo",
    lastName: "Kim",
    email: "jo@example.com",
    phone: "713-555-0101",
    serviceOption: "Lip Flip",
    specialRequests: "",
    agreeToTerms: "on",
  };

  it("maps to a Booking without a time, with the chosen option or the page's service title without options", () => {
    const withOptions = bookingFormSchema(["Lip Flip", "Lip Filler (1 ml)"]).parse(valid);
    const booking = bookingSubmission(withOptions, "Lip Fillers");
    expect(booking).toMatchObject({ formType: "Booking", name: "Jo Kim", service: "Lip Flip" });
    expect(booking).not.toHaveProperty("preferredDate");
    expect(SubmissionSchema.safeParse(booking).success).toBe(true);
    const withoutOptions = bookingFormSchema([]).parse({ ...valid, serviceOption: undefined });
    expect(bookingSubmission(withoutOptions, "Lip Fillers")).toMatchObject({ service: "Lip Fillers" });
  });

  it("names each field in its message, and takes the terms ticked as a form or as JSON sends them", () => {
    const result = bookingFormSchema([]).safeParse({
      ...valid,
      firstName: "",
      lastName: " ",
      specialRequests: "a".repeat(5001),
    });
    expect(fieldErrorsOf(result.error!)).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      specialRequests: ["Special requests must be at most 5000 characters"],
    });
    for (const ticked of ["on", "true", true]) {
      expect(bookingFormSchema([]).safeParse({ ...valid, agreeToTerms: ticked }).success, String(ticked)).toBe(true);
    }
    expect(bookingFormSchema([]).safeParse({ ...valid, agreeToTerms: "off" }).success).toBe(false);
  });

  it("refuses an unknown option and missing terms", () => {
    const result = bookingFormSchema(["Lip Flip"]).safeParse({
      ...valid,
      serviceOption: "Haircut",
      agreeToTerms: undefined,
    });
    expect(fieldErrorsOf(result.error!)).toEqual({
      serviceOption: ["Choose a service option"],
      agreeToTerms: ["Please agree to the terms and cancellation policy"],
    });
  });
});

describe("a Booking sent to POST /api/submit-form (a request, optionally with a preferred date and time)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-22T18:00:00Z")); // noon in Houston
  });
  afterEach(() => vi.useRealTimers());

  const valid = {
    formType: "Booking" as const,
    name: "Jo Kim",
    email: "jo@example.com",
    phone: "713-555-0101",
    service: "Lip Flip",
    preferredDate: "2026-11-24",
    preferredTime: "10:00 AM",
    agreeToTerms: true as const,
  };

  it("refuses a past date and a slot outside 9–5; takes none at all", () => {
    const result = submissionSchema("America/Chicago").safeParse({
      ...valid,
      preferredDate: "2026-11-21",
      preferredTime: "7:00 PM",
    });
    expect(fieldErrorsOf(result.error!)).toEqual({
      preferredDate: ["Choose a date from today onwards"],
      preferredTime: ["Choose a preferred time"],
    });
    const { preferredDate: _d, preferredTime: _t, ...noTime } = valid;
    expect(submissionSchema("America/Chicago").safeParse(noTime).success).toBe(true);
  });

  it("judges 'today' in Houston, not UTC", () => {
    vi.setSystemTime(new Date("2026-11-23T03:00:00Z")); // still Nov 22 in Houston
    expect(localDate(Date.now(), "America/Chicago")).toBe("2026-11-22");
    expect(submissionSchema("America/Chicago").safeParse({ ...valid, preferredDate: "2026-11-22" }).success).toBe(true);
    // The same instant is already Nov 23 in a salon in Auckland: the 22nd has passed there.
    expect(localDate(Date.now(), "Pacific/Auckland")).toBe("2026-11-23");
    expect(submissionSchema("Pacific/Auckland").safeParse({ ...valid, preferredDate: "2026-11-22" }).success).toBe(
      false,
    );
  });

  it("refuses impossible dates", () => {
    expect(submissionSchema("America/Chicago").safeParse({ ...valid, preferredDate: "2026-02-30" }).success).toBe(
      false,
    );
  });
});

describe("suite application", () => {
  it("keeps every field: the common ones as columns, the rest as details", () => {
    const parsed = SuiteApplicationFormSchema.parse({
      email: "pro@example.com",
      fullName: "Lena Park",
      address: "1 Main St",
      city: "Houston",
      state: "TX",
      zipCode: "77002",
      phoneNumber: "(713) 555-0111",
      instagram: "@lenalashes",
      communicationPreference: "text",
      professionalLicenseId: "TX-123",
      businessName: "Lena Lashes",
      howFoundOut: "referral",
      educationExperience: "Licensed 2018",
      servicesProvided: "Lash extensions",
      typicalAnnualIncome: "50k-75k",
      suiteLeasingExperience: "no",
      specialty: "Lash and brow artist",
      suiteSizes: ["Small Suites", "Daily Rentals"],
      desiredOccupancyDate: "2027-01-05",
    });
    const submission = suiteApplicationSubmission(parsed);
    expect(submission).toMatchObject({
      formType: "Suite Application",
      name: "Lena Park",
      email: "pro@example.com",
      phone: "(713) 555-0111",
      details: { city: "Houston", suiteSizes: ["Small Suites", "Daily Rentals"], instagram: "@lenalashes" },
    });
    expect(SubmissionSchema.safeParse(submission).success).toBe(true);
  });

  const complete = {
    email: "pro@example.com",
    fullName: "Lena Park",
    phoneNumber: "(713) 555-0111",
    specialty: "Esthetician",
    suiteSizes: ["Small Suites"],
    desiredOccupancyDate: "2027-01-05",
  };

  it("needs only what the salon needs to reply: name, e-mail, phone, specialty, suite type and start", () => {
    const parsed = SuiteApplicationFormSchema.parse(complete);
    for (const optional of [
      "address",
      "city",
      "state",
      "zipCode",
      "communicationPreference",
      "professionalLicenseId",
      "businessName",
      "educationExperience",
      "servicesProvided",
      "dateOfBirth",
      "typicalAnnualIncome",
      "howFoundOut",
      "suiteLeasingExperience",
    ])
      expect(parsed, optional).not.toHaveProperty([optional]);
    // An optional field still has its rules when it is filled in.
    expect(fieldErrorsOf(SuiteApplicationFormSchema.safeParse({ ...complete, zipCode: "7700" }).error!)).toEqual({
      zipCode: ["Enter a 5-digit zip code"],
    });
    expect(fieldErrorsOf(SuiteApplicationFormSchema.safeParse({ ...complete, specialty: "Wizard" }).error!)).toEqual({
      specialty: ["Choose your specialty"],
    });
  });

  it.each(SUITE_APPLICATION_REQUIRED_MESSAGES)("refuses an empty or missing %s with its message", (field, message) => {
    const emptied = { ...complete, [field]: field === "suiteSizes" ? [] : "" };
    expect(fieldErrorsOf(SuiteApplicationFormSchema.safeParse(emptied).error!)).toEqual({ [field]: [message] });
    const { [field as keyof typeof complete]: _missing, ...without } = complete;
    expect(fieldErrorsOf(SuiteApplicationFormSchema.safeParse(without).error!)[field]).toEqual([message]);
  });

  it("judges the date of birth by the salon's today", () => {
    // Late evening of 22 November in Houston, already 23 November in Auckland.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-23T03:00:00Z"));
    try {
      const bornThe22nd = { ...complete, dateOfBirth: "2026-11-22" };
      expect(suiteApplicationFormSchema("Pacific/Auckland", NAMES).safeParse(bornThe22nd).success).toBe(true);
      expect(fieldErrorsOf(suiteApplicationFormSchema("America/Chicago", NAMES).safeParse(bornThe22nd).error!)).toEqual(
        {
          dateOfBirth: ["Enter a valid date of birth"],
        },
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it("enforces the required fields and the listed choices", () => {
    const schema = suiteApplicationFormSchema("America/Chicago", NAMES);
    const result = schema.safeParse({ email: "x", suiteSizes: ["Penthouse"], howFoundOut: "tv" });
    const errors = fieldErrorsOf(result.error!);
    for (const field of [...SUITE_APPLICATION_REQUIRED_INPUTS, "howFoundOut", "suiteSizes"]) {
      expect(errors, field).toHaveProperty([field]);
    }
    expect(errors.suiteSizes).toEqual(["Choose a listed suite type"]);
  });

  it("offers the suite types it is given: one the owner added is taken, one removed is not", () => {
    const chosen = { ...complete, suiteSizes: ["Bridal Suite"] };
    expect(suiteApplicationFormSchema("America/Chicago", [...NAMES, "Bridal Suite"]).safeParse(chosen).success).toBe(
      true,
    );
    expect(suiteApplicationFormSchema("America/Chicago", NAMES).safeParse(chosen).success).toBe(false);
  });
});
