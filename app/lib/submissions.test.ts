import { describe, expect, it } from "vitest";
import { MAX_PAGE } from "./paging";
import {
  DEFAULT_QUERY,
  detailEntries,
  formatPreferredDate,
  formatSubmittedAt,
  formTypeLabel,
  inboxSearch,
  MAX_SEARCH_LENGTH,
  parseInboxQuery,
  senderFields,
  serviceLabel,
} from "./submissions";

const parse = (search: string) => parseInboxQuery(new URLSearchParams(search));

describe("the inbox URL", () => {
  it("defaults to the first page of the inbox, every type, no search", () => {
    expect(parse("")).toEqual(DEFAULT_QUERY);
    expect(inboxSearch(DEFAULT_QUERY)).toBe("");
  });

  it("reads status, type, search and page, and writes them back the same", () => {
    const query = parse("status=spam&type=Suite+Application&q=%20jane%20%20doe%20&page=3");
    expect(query).toEqual({ view: "spam", type: "Suite Application", q: "jane doe", page: 3 });
    expect(parse(inboxSearch(query).slice(1))).toEqual(query);
    expect(inboxSearch(query, { page: false })).toBe("?status=spam&type=Suite+Application&q=jane+doe");
  });

  it("falls back to defaults for anything malformed", () => {
    expect(parse("status=nope&type=Hack&page=-2")).toEqual(DEFAULT_QUERY);
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("page=abc").page).toBe(1);
    expect(parse("page=99999999").page).toBe(MAX_PAGE);
    expect(parse(`q=${"x".repeat(500)}`).q).toHaveLength(MAX_SEARCH_LENGTH);
  });
});

describe("readable values", () => {
  it("labels form types and the contact form's service values", () => {
    expect(formTypeLabel("appointment_request")).toBe("Appointment Request");
    expect(formTypeLabel("Something else")).toBe("Something else");
    expect(serviceLabel("spa-package")).toBe("Spa Packages");
    expect(serviceLabel("Balayage")).toBe("Balayage");
    expect(serviceLabel(null)).toBeNull();
  });

  it("formats times in the salon's time zone, US style", () => {
    expect(formatSubmittedAt("2026-07-04T17:30:00.000Z", "America/Chicago")).toBe("Jul 4, 2026 at 12:30 PM");
    expect(formatSubmittedAt("2026-01-01T05:59:00.000Z", "America/Chicago")).toBe("Dec 31, 2025 at 11:59 PM");
    expect(formatSubmittedAt("2026-01-01T05:59:00.000Z", "Pacific/Auckland")).toBe("Jan 1, 2026 at 6:59 PM");
    expect(formatPreferredDate("2026-12-01")).toBe("Tue, Dec 1, 2026");
    expect(formatPreferredDate("soon")).toBe("soon");
    expect(formatPreferredDate(null)).toBeNull();
  });

  it("shows the sender's columns with the service's label and the preferred date written out", () => {
    expect(
      senderFields({
        name: "Ana",
        email: "ana@example.com",
        phone: null,
        service: "hair",
        preferred_date: "2026-12-01",
        preferred_time: "10:00 AM",
        message: "Hi",
      }),
    ).toEqual({
      name: "Ana",
      email: "ana@example.com",
      phone: null,
      service: serviceLabel("hair"),
      preferredDate: "Tue, Dec 1, 2026",
      preferredTime: "10:00 AM",
      message: "Hi",
    });
  });

  it("lists every suite application field in form order with the form's labels and choice names", () => {
    const entries = detailEntries(
      JSON.stringify({
        city: "Houston",
        address: "1 Main St",
        typicalAnnualIncome: "50k-75k",
        suiteLeasingExperience: "no",
        suiteSizes: ["Small Suites", "Daily Rentals"],
        futureField: "kept",
      }),
    );
    expect(entries.slice(0, 2)).toEqual([
      { key: "address", label: "Address", value: "1 Main St" },
      { key: "city", label: "City", value: "Houston" },
    ]);
    const byKey = Object.fromEntries(entries.map((e) => [e.key, e]));
    expect(byKey.typicalAnnualIncome.value).toBe("$50,000 – $75,000");
    expect(byKey.suiteLeasingExperience).toMatchObject({ label: "Leased a suite before", value: "No" });
    expect(byKey.suiteSizes.value).toBe("Small Suites, Daily Rentals");
    expect(byKey.instagram.value).toBe("");
    expect(entries.at(-1)).toEqual({ key: "futureField", label: "futureField", value: "kept" });
    expect(detailEntries("not json").every((e) => e.value === "")).toBe(true);
  });
});
