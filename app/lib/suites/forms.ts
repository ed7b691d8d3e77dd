import { z } from "zod";
import { isSafeImageSource } from "~/lib/hero-slide-form";
import { RENT_PERIODS, type SuitePhoto } from "./suites";

/**
 * The admin's suite type and unit forms: what each field may hold, read from the posted form on the
 * server (the browser shows the same limits through the fields' attributes).
 */

/** How many photos a suite type may show. */
export const MAX_SUITE_PHOTOS = 3;
/** Units listed per page in the admin. */
export const UNITS_PER_PAGE = 20;

const text = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`);
const required = (max: number, label: string, missing: string) => text(max, label).min(1, missing);

/** "275", "$275", "1,250.50" → cents; anything else is not an amount. */
export function parseDollars(value: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1].replaceAll(",", "")) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** Cents as the rent fields show them: "275" or "275.50". */
export function dollarsField(cents: number | null): string {
  if (cents === null) return "";
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

const MAX_RENT_CENTS = 10_000_00;
const RENT_RANGE_MESSAGE = "Enter a rent in dollars, from $1 to $10,000";

/** A rent as typed, in cents, or null when it is not one from $1 to $10,000. */
function rentCents(value: string): number | null {
  const cents = parseDollars(value);
  return cents === null || cents < 100 || cents > MAX_RENT_CENTS ? null : cents;
}

const rentAmount = (missing: string) =>
  z
    .string()
    .trim()
    .min(1, missing)
    .transform((value, ctx) => {
      const cents = rentCents(value);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: RENT_RANGE_MESSAGE });
        return z.NEVER;
      }
      return cents;
    });

export const suiteTypeSchema = z.object({
  name: required(60, "Name", "Enter a name"),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "Enter a web name")
    .max(40, "Web name must be at most 40 characters")
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lowercase letters, digits and hyphens, like small-suites"),
  sizeLabel: required(80, "Size", "Enter the size, like About 120 sq ft"),
  rentPeriod: z.enum(RENT_PERIODS, { error: "Choose by the week or by the day" }),
  rentFrom: rentAmount("Enter the lowest rent"),
  included: z
    .string()
    .max(2000, "What is included must be at most 2,000 characters")
    .transform((value) =>
      value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().max(100, "Each included item must be at most 100 characters"))
        .max(12, "List at most 12 included items"),
    ),
  description: text(300, "Description"),
  displayOrder: z.coerce
    .number({ error: "Enter a whole number" })
    .int("Enter a whole number")
    .min(0, "Enter a number from 0 to 999")
    .max(999, "Enter a number from 0 to 999"),
});

export type SuiteTypeInput = z.output<typeof suiteTypeSchema> & { photos: SuitePhoto[] };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
const optionalDay = z
  .string()
  .trim()
  .refine((value) => value === "" || isCalendarDay(value), "Enter a date, like 2026-12-01");

export const suiteUnitSchema = z.object({
  name: required(40, "Unit name", "Enter the unit's name, like Suite 4"),
  typeId: z.coerce.number({ error: "Choose a suite type" }).int().positive("Choose a suite type"),
  lesseeName: text(120, "Lessee name"),
  lesseeEmail: z
    .string()
    .trim()
    .max(254, "E-mail must be at most 254 characters")
    .refine(
      (value) => value === "" || z.email().safeParse(value).success,
      "Enter an e-mail address like name@example.com",
    ),
  lesseePhone: text(40, "Phone"),
  lesseeSpecialty: text(80, "Specialty"),
  leaseStart: optionalDay,
  leaseEnd: optionalDay,
  rent: z.string().trim(),
});

export interface SuiteUnitInput {
  name: string;
  typeId: number;
  lesseeName: string;
  lesseeEmail: string;
  lesseePhone: string;
  lesseeSpecialty: string;
  leaseStart: string | null;
  leaseEnd: string | null;
  /** The lease's rent in its type's period (a week, or a day). */
  rentCents: number | null;
}

export type FormResult<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string[]> };

function collect(issues: z.core.$ZodIssue[], errors: Record<string, string[]>) {
  for (const issue of issues) (errors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
}

const field = (form: FormData, name: string) => String(form.get(name) ?? "");

/** A suite type from its form: the fields, and up to three photos each with its alt text. */
export function parseSuiteTypeForm(form: FormData): FormResult<SuiteTypeInput> {
  const errors: Record<string, string[]> = {};
  const parsed = suiteTypeSchema.safeParse({
    name: field(form, "name"),
    slug: field(form, "slug"),
    sizeLabel: field(form, "sizeLabel"),
    rentPeriod: field(form, "rentPeriod"),
    rentFrom: field(form, "rentFrom"),
    included: field(form, "included"),
    description: field(form, "description"),
    displayOrder: field(form, "displayOrder") || "0",
  });
  if (!parsed.success) collect(parsed.error.issues, errors);
  const photos: SuitePhoto[] = [];
  for (let i = 1; i <= MAX_SUITE_PHOTOS; i++) {
    const src = field(form, `photo${i}`).trim();
    const alt = field(form, `photo${i}Alt`).trim();
    if (!src) continue;
    if (!isSafeImageSource(src))
      errors[`photo${i}`] = ["Use an image of this site (/images/… or /media/…) or a full https:// address"];
    else if (!alt) errors[`photo${i}Alt`] = ["Describe the photo for people who cannot see it"];
    else if (alt.length > 200) errors[`photo${i}Alt`] = ["Alt text must be at most 200 characters"];
    else photos.push({ src, alt });
  }
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { ...parsed.data, photos } };
}

/**
 * A unit from its form. A unit with nobody in it leaves every lease field empty; a lease needs the
 * lessee's name, its first day and the rent (in its type's period), and ends (if it ends) on or after
 * it starts.
 */
export function parseSuiteUnitForm(form: FormData): FormResult<SuiteUnitInput> {
  const errors: Record<string, string[]> = {};
  const parsed = suiteUnitSchema.safeParse({
    name: field(form, "name"),
    typeId: field(form, "typeId"),
    lesseeName: field(form, "lesseeName"),
    lesseeEmail: field(form, "lesseeEmail"),
    lesseePhone: field(form, "lesseePhone"),
    lesseeSpecialty: field(form, "lesseeSpecialty"),
    leaseStart: field(form, "leaseStart"),
    leaseEnd: field(form, "leaseEnd"),
    rent: field(form, "rent"),
  });
  if (!parsed.success) {
    collect(parsed.error.issues, errors);
    return { ok: false, errors };
  }
  const unit = parsed.data;
  const leased = [
    unit.lesseeName,
    unit.lesseeEmail,
    unit.lesseePhone,
    unit.lesseeSpecialty,
    unit.leaseStart,
    unit.leaseEnd,
    unit.rent,
  ].some(Boolean);
  let leaseRentCents: number | null = null;
  if (leased) {
    if (!unit.lesseeName) errors.lesseeName = ["Enter who leases this unit, or empty every lease field"];
    if (!unit.leaseStart) errors.leaseStart = ["Enter the lease's first day"];
    if (unit.leaseStart && unit.leaseEnd && unit.leaseEnd < unit.leaseStart)
      errors.leaseEnd = ["The lease must end on or after its first day"];
    leaseRentCents = rentCents(unit.rent);
    if (!unit.rent) errors.rent = ["Enter the rent"];
    else if (leaseRentCents === null) errors.rent = [RENT_RANGE_MESSAGE];
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    value: {
      name: unit.name,
      typeId: unit.typeId,
      lesseeName: unit.lesseeName,
      lesseeEmail: unit.lesseeEmail,
      lesseePhone: unit.lesseePhone,
      lesseeSpecialty: unit.lesseeSpecialty,
      leaseStart: unit.leaseStart || null,
      leaseEnd: unit.leaseEnd || null,
      rentCents: leaseRentCents,
    },
  };
}

/** The admin's answer to a suites form: field errors to show, or the message of what went wrong. */
export interface SuitesReply {
  ok: false;
  message: string;
  fieldErrors?: Record<string, string[]>;
}

export const SUITES_MESSAGES = {
  invalid: "Check the highlighted fields.",
  typeSaved: (name: string) => `${name} saved`,
  typeAdded: (name: string) => `${name} added`,
  typeDeleted: (name: string) => `${name} deleted`,
  typeHasUnits: (name: string, units: number) =>
    `${name} still has ${units === 1 ? "1 unit" : `${units} units`}. Move or delete them first.`,
  slugTaken: "Another suite type has this web name",
  unitSaved: (name: string) => `${name} saved`,
  unitAdded: (name: string) => `${name} added`,
  unitDeleted: (name: string) => `${name} deleted`,
  unitNameTaken: "Another unit has this name",
  typeMissing: "Choose a suite type",
} as const;
