import { describe, expect, it } from "vitest";
import { dollarsField, parseDollars, parseSuiteTypeForm, parseSuiteUnitForm } from "./forms";

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
};

const TYPE = {
  name: "Small Suites",
  slug: "small",
  sizeLabel: "About 120 sq ft",
  rentPeriod: "week",
  rentFrom: "275",
  included: "Lockable door\n\n  Wi-Fi  \n",
  description: "",
  displayOrder: "1",
};

const UNIT = {
  name: "Suite 4",
  typeId: "2",
  lesseeName: "",
  lesseeEmail: "",
  lesseePhone: "",
  lesseeSpecialty: "",
  leaseStart: "",
  leaseEnd: "",
  rent: "",
};

describe("dollars", () => {
  it("reads whole dollars, cents, a dollar sign and thousands commas; refuses anything else", () => {
    expect(parseDollars("275")).toBe(27500);
    expect(parseDollars("$1,250.5")).toBe(125050);
    expect(parseDollars(" 99.99 ")).toBe(9999);
    for (const bad of ["", "abc", "12.345", "-5", "1,25", "1e3"]) expect(parseDollars(bad), bad).toBeNull();
    expect(dollarsField(27500)).toBe("275");
    expect(dollarsField(27550)).toBe("275.50");
    expect(dollarsField(null)).toBe("");
  });
});

describe("parseSuiteTypeForm", () => {
  it("reads a type: included one a line, empty lines dropped, rent in cents, photos with their alt text", () => {
    const result = parseSuiteTypeForm(formOf({ ...TYPE, photo1: "/media/suite.jpg", photo1Alt: "A suite" }));
    expect(result).toEqual({
      ok: true,
      value: {
        name: "Small Suites",
        slug: "small",
        sizeLabel: "About 120 sq ft",
        rentPeriod: "week",
        rentFrom: 27500,
        included: ["Lockable door", "Wi-Fi"],
        description: "",
        displayOrder: 1,
        photos: [{ src: "/media/suite.jpg", alt: "A suite" }],
      },
    });
  });

  it("names each field to fix", () => {
    const result = parseSuiteTypeForm(
      formOf({
        ...TYPE,
        name: " ",
        slug: "Small Suites!",
        rentPeriod: "month",
        rentFrom: "cheap",
        displayOrder: "1.5",
        photo1: "javascript:alert(1)",
        photo2: "/images/a.jpg",
        photo2Alt: "",
      }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      name: ["Enter a name"],
      slug: ["Use lowercase letters, digits and hyphens, like small-suites"],
      rentPeriod: ["Choose by the week or by the day"],
      rentFrom: ["Enter a rent in dollars, from $1 to $10,000"],
      displayOrder: ["Enter a whole number"],
      photo1: ["Use an image of this site (/images/… or /media/…) or a full https:// address"],
      photo2Alt: ["Describe the photo for people who cannot see it"],
    });
  });

  it("reads a type rented by the day", () => {
    const result = parseSuiteTypeForm(formOf({ ...TYPE, rentPeriod: "day", rentFrom: "65" }));
    expect(result.ok && result.value).toMatchObject({ rentPeriod: "day", rentFrom: 6500 });
  });

  it("refuses more than twelve included items", () => {
    const result = parseSuiteTypeForm(
      formOf({ ...TYPE, included: Array.from({ length: 13 }, (_, i) => `Item ${i}`).join("\n") }),
    );
    expect(result).toEqual({ ok: false, errors: { included: ["List at most 12 included items"] } });
  });
});

describe("parseSuiteUnitForm", () => {
  it("a free unit leaves every lease field empty", () => {
    expect(parseSuiteUnitForm(formOf(UNIT))).toEqual({
      ok: true,
      value: {
        name: "Suite 4",
        typeId: 2,
        lesseeName: "",
        lesseeEmail: "",
        lesseePhone: "",
        lesseeSpecialty: "",
        leaseStart: null,
        leaseEnd: null,
        rentCents: null,
      },
    });
  });

  it("a lease needs its lessee, first day and rent", () => {
    expect(parseSuiteUnitForm(formOf({ ...UNIT, lesseeSpecialty: "Nails" }))).toEqual({
      ok: false,
      errors: {
        lesseeName: ["Enter who leases this unit, or empty every lease field"],
        leaseStart: ["Enter the lease's first day"],
        rent: ["Enter the rent"],
      },
    });
  });

  it("a lease ends on or after its first day, on real calendar days", () => {
    const lease = { ...UNIT, lesseeName: "Maya", rent: "300", leaseStart: "2026-12-01" };
    expect(parseSuiteUnitForm(formOf({ ...lease, leaseEnd: "2026-11-30" }))).toEqual({
      ok: false,
      errors: { leaseEnd: ["The lease must end on or after its first day"] },
    });
    const sameDay = parseSuiteUnitForm(formOf({ ...lease, leaseEnd: "2026-12-01" }));
    expect(sameDay.ok && sameDay.value).toMatchObject({
      leaseStart: "2026-12-01",
      leaseEnd: "2026-12-01",
      rentCents: 30000,
    });
    expect(parseSuiteUnitForm(formOf({ ...lease, leaseEnd: "2026-02-30" }))).toEqual({
      ok: false,
      errors: { leaseEnd: ["Enter a date, like 2026-12-01"] },
    });
  });

  it("names a missing name and type, and a wrong e-mail", () => {
    const result = parseSuiteUnitForm(formOf({ ...UNIT, name: "", typeId: "", lesseeEmail: "maya@" }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      name: ["Enter the unit's name, like Suite 4"],
      typeId: ["Choose a suite type"],
      lesseeEmail: ["Enter an e-mail address like name@example.com"],
    });
  });
});
