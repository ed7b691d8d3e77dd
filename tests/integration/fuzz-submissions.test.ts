import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TIME_SLOTS } from "~/lib/forms/booking-rules";
import { HONEYPOT_FIELD } from "~/lib/forms/honeypot";
import { FORM_TYPES, SubmissionSchema, SuiteDetailsSchema } from "~/lib/forms/submission";
import { ContentService } from "~/server/content/content.server";
import type { FormSubmissionRow } from "~/server/db/schema";
import { handlePublicForm, PUBLIC_FORM_NAMES, type PublicFormName } from "~/server/forms/public-form.server";
import { RateLimiter } from "~/server/http/rate-limit.server";
import { submitForm, type FormServiceDeps, type SubmissionMeta } from "~/server/forms/submit-form.server";
import { createLogger } from "~/server/logger.server";
import type { AppServices } from "~/server/app-services";
import { saveSettings } from "~/server/settings/settings.server";
import { rowProblems } from "../support/submission-rows";
import { addDefaultSuiteTypes } from "../support/suite-types";
import { PROTOTYPE_KEYS, XSS_PAYLOADS } from "../support/xss-payloads";
import { CONTACT_BODY } from "../support/submission-bodies";
import { clearTables, testDialect, useTestDatabase } from "../support/test-db";
import { dayFromToday, openDayFromToday } from "../support/dates";

/**
 * Property-based fuzzing of the one way submissions get in (the security checks): thousands of
 * random and hostile bodies — for /api/submit-form's JSON and for every public form's fields —
 * never throw (a throw would be a 500) and never leave a row that the submission schema refuses.
 */

const VALID: Record<(typeof FORM_TYPES)[number], Record<string, unknown>> = {
  appointment_request: {
    formType: "appointment_request",
    name: "Ana Lopez",
    email: "ana@example.com",
    phone: "713-555-0111",
    message: "Hi",
  },
  Contact: CONTACT_BODY,
  Booking: {
    formType: "Booking",
    name: "Bea Book",
    email: "bea@example.com",
    phone: "713-555-0111",
    service: "Balayage",
    preferredDate: openDayFromToday(3),
    preferredTime: "10:00 AM",
    message: "First visit",
    agreeToTerms: true,
  },
  "Suite Application": {
    formType: "Suite Application",
    name: "Sofia Suite",
    email: "sofia@example.com",
    phone: "713-555-0111",
    details: {
      address: "12 Main St",
      city: "Houston",
      state: "TX",
      zipCode: "77002",
      professionalLicenseId: "TX-1",
      businessName: "Sofia Studio",
      educationExperience: "8 years",
      servicesProvided: "Color",
      suiteSizes: ["Small Suites"],
    },
  },
  Newsletter: { formType: "Newsletter", email: "news@example.com" },
};

/** The public forms' fields as the pages post them (all strings, suiteSizes repeated). */
const VALID_FORMS: Record<PublicFormName, [string, string][]> = {
  appointment: [
    ["firstName", "Amara"],
    ["lastName", "Appt"],
    ["email", "amara@example.com"],
    ["phone", "713-555-0100"],
    ["message", "Hello"],
  ],
  contact: [
    ["name", "Chloe"],
    ["email", "chloe@example.com"],
    ["phone", ""],
    ["service", "manicure"],
    ["message", "Hello"],
  ],
  booking: [
    ["serviceKey", "lip-fillers"],
    ["firstName", "Bea"],
    ["lastName", "Book"],
    ["email", "bea@example.com"],
    ["phone", "713-555-0111"],
    ["serviceOption", "Lip Flip"],
    ["specialRequests", ""],
    ["agreeToTerms", "on"],
  ],
  "suite-application": [
    ["fullName", "Sofia Suite"],
    ["email", "sofia@example.com"],
    ["phoneNumber", "713-555-0111"],
    ["address", "12 Main St"],
    ["city", "Houston"],
    ["state", "TX"],
    ["zipCode", "77002"],
    ["professionalLicenseId", "TX-1"],
    ["businessName", "Sofia Studio"],
    ["educationExperience", "8 years"],
    ["servicesProvided", "Color"],
    ["specialty", "Hair stylist"],
    ["communicationPreference", "email"],
    ["suiteSizes", "Small Suites"],
    ["suiteSizes", "Hair Stations"],
    ["desiredOccupancyDate", dayFromToday(30)],
  ],
};

// ── arbitraries ──────────────────────────────────────────────────────────────────────────────

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.string() },
  { weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 60 }) },
  { weight: 3, arbitrary: fc.constantFrom(...XSS_PAYLOADS) },
  { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "\u0000", "\uFEFF", "\u202e", "💅🏽", "null", "undefined", "NaN") },
  { weight: 1, arbitrary: fc.emailAddress() },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      ...TIME_SLOTS,
      dayFromToday(0),
      dayFromToday(1),
      dayFromToday(-1),
      dayFromToday(400),
      "2026-02-30",
      "Small Suites",
    ),
  },
  // Huge: past every field's limit (and a few MB would be refused by the HTTP body limit first).
  { weight: 1, arbitrary: fc.integer({ min: 201, max: 20_000 }).map((n) => "x".repeat(n)) },
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  {
    weight: 1,
    arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.bigInt().map(String)),
  },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...PROTOTYPE_KEYS, "polluted", "isAdmin"), hostileString) },
);

/** Objects whose own keys include __proto__ & co. (JSON.parse makes them own properties, as a body parser would). */
const pollutingObject = fc
  .record({
    formType: fc.constantFrom(...FORM_TYPES),
    key: fc.constantFrom(...PROTOTYPE_KEYS),
    nested: fc.boolean(),
  })
  .map(({ formType, key, nested }) => {
    const payload = `{"polluted":"yes","isAdmin":true,"toString":"x"}`;
    const base = JSON.stringify(VALID[formType]).slice(0, -1);
    const text = nested
      ? `${base.replace('"details":{', `"details":{"${key}":${payload},`)},"${key}":${payload}}`
      : `${base},"${key}":${payload}}`;
    return JSON.parse(text) as unknown;
  });

/** A valid body of one form type with some fields replaced, removed or added. */
const mutatedBody = fc
  .record({
    formType: fc.constantFrom(...FORM_TYPES),
    changes: fc.array(
      fc.record({
        field: fc.oneof(
          fc.constantFrom(
            "formType",
            "name",
            "email",
            "phone",
            "service",
            "message",
            "preferredDate",
            "preferredTime",
            "agreeToTerms",
            "details",
            HONEYPOT_FIELD,
            "pagePath",
            "utm",
          ),
          fc.constantFrom(...Object.keys(SuiteDetailsSchema.shape).map((k) => `details.${k}`)),
          fc.string({ maxLength: 12 }),
        ),
        value: fc.option(hostileValue, { nil: undefined }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
  })
  .map(({ formType, changes }) => {
    const body: Record<string, unknown> = structuredClone(VALID[formType]);
    for (const { field, value } of changes) {
      if (field.startsWith("details.")) {
        const details = (
          body.details && typeof body.details === "object" ? body.details : (body.details = {})
        ) as Record<string, unknown>;
        if (value === undefined) delete details[field.slice(8)];
        else
          Object.defineProperty(details, field.slice(8), {
            value,
            enumerable: true,
            writable: true,
            configurable: true,
          });
      } else if (value === undefined) delete body[field];
      else Object.defineProperty(body, field, { value, enumerable: true, writable: true, configurable: true });
    }
    return body;
  });

/** A valid body as it is: every run of the property stores some, whatever the seed. */
const untouchedBody = fc.constantFrom(...FORM_TYPES).map((formType) => structuredClone(VALID[formType]));
const isUntouched = (body: unknown) => Object.values(VALID).some((valid) => isDeepStrictEqual(body, valid));

const anyBody: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 1, arbitrary: untouchedBody },
  { weight: 6, arbitrary: mutatedBody },
  { weight: 1, arbitrary: pollutingObject },
  { weight: 1, arbitrary: fc.jsonValue() },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(
      fc.oneof(fc.string(), fc.constantFrom("formType", "name", "email", ...PROTOTYPE_KEYS)),
      hostileValue,
      { maxKeys: 8 },
    ),
  },
);

// ── checks ───────────────────────────────────────────────────────────────────────────────────

function expectValidRow(row: FormSubmissionRow) {
  expect(rowProblems(row)).toEqual([]);
  expect(["new", "spam"]).toContain(row.status);
}

function expectPrototypesClean() {
  const probe = {} as Record<string, unknown>;
  expect(probe.polluted).toBeUndefined();
  expect(probe.isAdmin).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames);
  expect(String(probe)).toBe("[object Object]");
}
const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();

// ── the tests ────────────────────────────────────────────────────────────────────────────────

/**
 * What decides whether a body is stored (the schemas, the cleaning, the honeypot) is the same code on
 * both databases: PostgreSQL gets a quarter of the runs, enough to store every kind of row there.
 * The seed changes with every run (FUZZ_SEED repeats one), so the runs together try far more cases.
 */
const runs = (onSqlite: number) => (testDialect === "postgres" ? onSqlite / 4 : onSqlite);

describe(`fuzzing submissions (${testDialect})`, () => {
  const testDb = useTestDatabase();
  let deps: FormServiceDeps;
  let services: AppServices;
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

  const rows = () => testDb().db.selectFrom("form_submissions").selectAll().orderBy("id").execute();

  beforeAll(async () => {
    await saveSettings(testDb().db, { confirmationEmails: true }, null);
    // Applications name the salon's suite types; without them every valid application would be refused.
    await addDefaultSuiteTypes(testDb().db);
  });

  beforeEach(async () => {
    const { db } = testDb();
    await clearTables(db, ["mail_outbox", "form_submissions"]);
    const content = new ContentService(db);
    deps = {
      db,
      content,
      rateLimiter: new RateLimiter(1_000_000, 60_000),
      logger: createLogger("silent"),
      publicUrl: "https://salon.example",
    };
    // handlePublicForm needs only the form deps and the content (the booking form's options).
    services = { forms: deps, content } as unknown as AppServices;
  });

  it("never throws on /api/submit-form bodies and stores only rows that validate", { timeout: 120_000 }, async () => {
    let stored = 0;
    let spam = 0;
    let untouched = 0;
    await fc.assert(
      fc.asyncProperty(anyBody, fc.option(hostileString, { nil: null }), async (body, honeypot) => {
        const meta: SubmissionMeta = {
          clientIp: "203.0.113.9",
          pagePath: "/fuzz",
          honeypot,
          utm: { utm_source: "fuzz" },
        };
        const result = await submitForm(deps, body, meta);
        if (isUntouched(body)) {
          untouched++;
          expect(result.ok, JSON.stringify(body)).toBe(true);
        }
        if (result.ok) {
          stored++;
          if (result.spam) spam++;
          // What was accepted is what the schema accepts.
          expect(SubmissionSchema.safeParse(body).success).toBe(true);
        } else {
          expect(result.status).toBe(400);
          if (result.status === 400) expect(typeof result.error).toBe("string");
        }
      }),
      { numRuns: runs(600), seed },
    );
    expectPrototypesClean();
    const all = await rows();
    expect(all).toHaveLength(stored);
    all.forEach(expectValidRow);
    // Only real submissions queue mail: one notification and one confirmation each.
    const mail = await testDb().db.selectFrom("mail_outbox").select(["submission_id", "kind"]).execute();
    expect(mail).toHaveLength((stored - spam) * 2);
    // A fuzz run that stored nothing would prove little about stored rows: one case in eleven is a valid
    // body as it is (none of 150 happens once in a million seeds; a floor on the mutated ones' luck did not hold).
    expect(untouched, `seed ${seed}`).toBeGreaterThan(0);
  });

  it(
    "never throws on form-encoded bodies for every public form and stores only rows that validate",
    { timeout: 120_000 },
    async () => {
      const fieldNames = [...new Set(Object.values(VALID_FORMS).flatMap((f) => f.map(([k]) => k)))];
      const formBody = fc
        .record({
          name: fc.constantFrom(...PUBLIC_FORM_NAMES),
          changes: fc.array(
            fc.record({
              field: fc.oneof(
                fc.constantFrom(...fieldNames, HONEYPOT_FIELD, "_action", ...PROTOTYPE_KEYS),
                fc.string({ maxLength: 10 }),
              ),
              value: fc.option(hostileString, { nil: undefined }),
              repeat: fc.boolean(),
            }),
            { maxLength: 4 },
          ),
          raw: fc.option(fc.string({ unit: "binary", maxLength: 200 }), { freq: 10, nil: undefined }),
          untouched: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
        })
        .map(({ name, changes, raw, untouched }) => {
          const fields = VALID_FORMS[name].map(([k, v]) => [k, v] as [string, string]);
          if (untouched) return { name, body: new URLSearchParams(fields).toString(), untouched };
          for (const { field, value, repeat } of changes) {
            const at = fields.findIndex(([k]) => k === field);
            if (value === undefined) {
              if (at >= 0) fields.splice(at, 1);
            } else if (at >= 0 && !repeat) fields[at] = [field, value];
            else fields.push([field, value]);
          }
          return { name, body: raw ?? new URLSearchParams(fields).toString(), untouched: false };
        });

      let stored = 0;
      let untouched = 0;
      await fc.assert(
        fc.asyncProperty(formBody, async ({ name, body, untouched: isUntouched }) => {
          const request = new Request(`https://salon.example/api/forms/${name}?utm_source=fuzz`, {
            method: "POST",
            headers: {
              "Content-Type": "application/x-www-form-urlencoded",
              Referer: "https://salon.example/contact?utm_medium=x",
            },
            body,
          });
          const { status, reply } = await handlePublicForm(
            services,
            { nonce: "", clientIp: "203.0.113.10" },
            request,
            name,
          );
          expect([200, 400]).toContain(status);
          if (isUntouched) {
            untouched++;
            expect(reply.ok, `${name}: ${body}`).toBe(true);
          }
          if (reply.ok) stored++;
          else {
            expect(typeof reply.message).toBe("string");
            expect(reply.message.length).toBeGreaterThan(0);
          }
        }),
        { numRuns: runs(400), seed },
      );
      expectPrototypesClean();
      const all = await rows();
      expect(all).toHaveLength(stored);
      all.forEach(expectValidRow);
      // One case in six is a valid form as the page posts it, and each of those must be stored.
      expect(untouched, `seed ${seed}`).toBeGreaterThan(0);
    },
  );

  it("a JSON body with a __proto__ key neither pollutes prototypes nor stores the extra keys", async () => {
    const body = JSON.parse(
      `{"formType":"Contact","name":"Proto","email":"proto@example.com","__proto__":{"polluted":"yes"},"constructor":{"prototype":{"isAdmin":true}}}`,
    ) as unknown;
    const result = await submitForm(deps, body, { clientIp: "203.0.113.11" });
    expect(result).toMatchObject({ ok: true });
    expectPrototypesClean();
    const [row] = await rows();
    expect(row).toMatchObject({ form_type: "Contact", name: "Proto", email: "proto@example.com", details: null });
    expectValidRow(row);
  });
});
