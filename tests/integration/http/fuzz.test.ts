/**
 * Random and hostile bodies over HTTP against the production server — JSON, form-encoded, wrong
 * content types, wrong methods — to /api/submit-form, /api/forms/{name} and the no-JavaScript page
 * actions never get a 5xx, and whatever got stored validates. Fewer cases than the service-level
 * fuzzing (tests/integration/fuzz-submissions.test.ts), through the whole middleware stack; the seed
 * changes with every run (FUZZ_SEED repeats one), so the runs together try far more.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "~/lib/forms/honeypot";
import { FORM_TYPES } from "~/lib/forms/submission";
import { rowProblems } from "../../support/submission-rows";
import { testDialect } from "../../support/test-db";
import { useTestServer } from "../../support/test-server";
import { PROTOTYPE_KEYS, XSS_PAYLOADS } from "../../support/xss-payloads";
import { dayFromToday, openDayFromToday } from "../../support/dates";

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const AGENT = `security-fuzz/${SEED}`;

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 3, arbitrary: fc.constantFrom(...XSS_PAYLOADS) },
  { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  { weight: 1, arbitrary: fc.constantFrom("", "\u0000", "\uFEFF", "💅🏽", "a@b.co", dayFromToday(2), "10:00 AM", "on") },
  { weight: 1, arbitrary: fc.integer({ min: 201, max: 6000 }).map((n) => "é".repeat(n)) },
);

const VALID_JSON: Record<string, unknown>[] = [
  { formType: "Contact", name: "Fuzz Contact", email: "fuzz@example.com", message: "hi" },
  { formType: "appointment_request", name: "Fuzz Appt", email: "fuzz@example.com" },
  { formType: "Newsletter", email: "fuzz@example.com" },
  {
    formType: "Booking",
    name: "Fuzz Book",
    email: "fuzz@example.com",
    phone: "713-555-0100",
    service: "Balayage",
    preferredDate: openDayFromToday(4),
    preferredTime: "11:00 AM",
    agreeToTerms: true,
  },
];

const jsonBody = fc.oneof(
  fc
    .record({
      base: fc.constantFrom(...VALID_JSON),
      field: fc.constantFrom(
        "formType",
        "name",
        "email",
        "phone",
        "message",
        "service",
        "preferredDate",
        "agreeToTerms",
        "details",
        HONEYPOT_FIELD,
        ...PROTOTYPE_KEYS,
      ),
      value: fc.oneof(hostileString, fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(...FORM_TYPES)),
    })
    // Built as text so __proto__ becomes an own key, as a JSON body parser would make it.
    .map(
      ({ base, field, value }) =>
        `${JSON.stringify(base).slice(0, -1)},${JSON.stringify(field)}:${JSON.stringify(value) ?? "null"}}`,
    ),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 80 }),
);

const FORM_FIELDS = [
  "firstName",
  "lastName",
  "name",
  "fullName",
  "email",
  "phone",
  "phoneNumber",
  "service",
  "serviceKey",
  "serviceOption",
  "preferredDate",
  "preferredTime",
  "option",
  "start",
  "notes",
  "agreeToTerms",
  "message",
  "specialRequests",
  "zipCode",
  "suiteSizes",
  "specialty",
  "suiteType",
  "password",
  "confirm",
  HONEYPOT_FIELD,
  ...PROTOTYPE_KEYS,
];
const formBody = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...FORM_FIELDS), fc.string({ maxLength: 8 })), hostileString), {
    maxLength: 12,
  })
  .map((pairs) => new URLSearchParams(pairs).toString());

/** "" sends no Content-Type at all. */
const CONTENT_TYPES = [
  "application/json",
  "application/x-www-form-urlencoded",
  "text/plain",
  "multipart/form-data; boundary=xyz",
  "multipart/form-data",
  "application/xml",
  "",
];

describe(`HTTP fuzzing: no 5xx, nothing invalid stored (${testDialect})`, () => {
  // What the server prints is kept: every line must be the JSON logger's, never a bare stack.
  const server = useTestServer({ captureOutput: true });

  /** The status and the start of the answer (the body is read, so the connection is free again). */
  async function send(path: string, body: string, contentType: string, method = "POST") {
    const headers: Record<string, string> = { "User-Agent": AGENT };
    if (contentType) headers["Content-Type"] = contentType;
    const response = await server().fetch(path, { method, headers, body: new TextEncoder().encode(body) });
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text) as { id?: unknown } };
  }

  it("/api/submit-form with random JSON, content types and methods", { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        jsonBody,
        fc.constantFrom(...CONTENT_TYPES),
        fc.constantFrom("POST", "POST", "POST", "PUT", "PATCH", "DELETE"),
        async (body, type, method) => {
          const response = await send("/api/submit-form", body, type, method);
          expect(response.status, `${method} ${type} ${body.slice(0, 200)} → ${response.text}`).toBeLessThan(500);
          if (method === "POST" && response.status === 200) expect(typeof response.json().id).toBe("number");
        },
      ),
      { numRuns: 100, seed: SEED },
    );
  });

  it("/api/forms/{name} with form-encoded and other bodies", { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("appointment", "contact", "booking", "suite-application", "nope", "__proto__", "constructor"),
        fc.oneof(formBody, jsonBody),
        fc.constantFrom(...CONTENT_TYPES),
        async (name, body, type) => {
          const response = await send(`/api/forms/${encodeURIComponent(name)}`, body, type);
          expect(
            response.status,
            `${name} ${type} ${body.slice(0, 200)} → ${response.text.slice(0, 300)}`,
          ).toBeLessThan(500);
        },
      ),
      { numRuns: 100, seed: SEED },
    );
  });

  it("the no-JavaScript page actions and the resource actions", { timeout: 180_000 }, async () => {
    const paths = [
      "/",
      "/contact",
      "/suites",
      "/services/hair",
      "/services/facials",
      "/services/lip-fillers",
      "/book/hair",
      "/book/balayage",
      "/book/nope",
      "/services/nope",
      "/subscribe",
      "/theme",
      "/about",
      "/admin/login",
      "/admin/login/verify",
      "/admin/logout",
      "/suites/tour",
      "/suites/tour?type=small",
      "/admin/login/forgot",
      `/admin/password/${"A".repeat(43)}`,
      "/admin/password/x",
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        formBody,
        fc.constantFrom(...CONTENT_TYPES.slice(0, 4)),
        async (path, body, type) => {
          const response = await send(path, body, type);
          expect(
            response.status,
            `${path} ${type} ${body.slice(0, 200)} → ${response.text.slice(0, 300)}`,
          ).toBeLessThan(500);
        },
      ),
      { numRuns: 80, seed: SEED },
    );
  });

  it("the suite tour, the application, Forgot password and the password link with repeated fields, arrays and other bodies: never a 5xx", async () => {
    const token = `/admin/password/${"B".repeat(43)}`;
    const cases: [string, string, string][] = [
      ["/admin/login/forgot", "email=a%40b.co&email=owner%40aurelia.test", "application/x-www-form-urlencoded"],
      ["/admin/login/forgot", "email[]=a%40b.co&email[x]=y", "application/x-www-form-urlencoded"],
      ["/admin/login/forgot", '{"email":["owner@aurelia.test"]}', "application/json"],
      ["/admin/login/forgot", "--xyz\r\nbroken", "multipart/form-data; boundary=xyz"],
      ["/admin/login/forgot", "email=%zz%E0%A4%A", "application/x-www-form-urlencoded"],
      [
        token,
        "password=a-long-enough-password&password=x&confirm=a-long-enough-password",
        "application/x-www-form-urlencoded",
      ],
      [
        token,
        "password[]=a-long-enough-password&confirm[]=a-long-enough-password",
        "application/x-www-form-urlencoded",
      ],
      [token, '{"password":"a-long-enough-password","confirm":"a-long-enough-password"}', "application/json"],
      [
        "/admin/password/x",
        `password=${"p".repeat(60_000)}&confirm=${"p".repeat(60_000)}`,
        "application/x-www-form-urlencoded",
      ],
      [
        "/suites/tour",
        "start=x&start=y&firstName[]=a&email=a%40b.co&email=c%40d.co",
        "application/x-www-form-urlencoded",
      ],
      ["/suites/tour", '{"start":["x"],"firstName":{"a":1}}', "application/json"],
      [
        "/suites/tour",
        '--xyz\r\nContent-Disposition: form-data; name="firstName"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nBob\r\n--xyz--\r\n',
        "multipart/form-data; boundary=xyz",
      ],
      ["/suites/tour", "x", "multipart/form-data"],
      ["/suites", "fullName[]=x&email=a%40b.co&email=x&suiteSizes[]=Small+Suites", "application/x-www-form-urlencoded"],
      ["/suites", '{"fullName":["x"],"suiteSizes":"Small Suites"}', "application/json"],
      ["/suites", "--xyz\r\nbroken", "multipart/form-data; boundary=xyz"],
    ];
    for (const [path, body, type] of cases) {
      const response = await send(path, body, type);
      expect(response.status, `${path} ${type} ${body.slice(0, 120)} → ${response.text.slice(0, 300)}`).toBeLessThan(
        500,
      );
    }
    // A preview link as an array, an object or a broken escape is refused like any other wrong link.
    for (const query of ["preview=a&preview=b", "preview[a]=b", "preview=%E0%A4%A", `preview=${"x".repeat(9000)}`]) {
      const response = await server().fetch(`/suites?${query}`);
      expect(response.status, query).toBeLessThan(500);
    }
  });

  it("a path with a broken percent-escape gets 400 on every kind of route", async () => {
    for (const path of [
      "/_img/640/avif/images/hero%E0%A4%A.jpg",
      "/about%E0%A4%A",
      "/assets/x%E0%A4%A.js",
      "/media/x%E0%A4%A.jpg",
      "/admin/edit/%E0%A4%A",
      "/%",
    ]) {
      const response = await server().fetch(path);
      expect(response.status, path).toBe(400);
      expect(await response.text(), path).not.toMatch(/URIError|at .+\(/);
    }
  });

  it("everything the server printed went through the JSON logger", () => {
    const lines = server()
      .process.output()
      .split("\n")
      .filter((line) => line.trim());
    expect(lines.filter((line) => !line.startsWith("{"))).toEqual([]);
  });

  it("whatever the fuzzing stored validates", async () => {
    const rows = await server().db.selectFrom("form_submissions").selectAll().where("user_agent", "=", AGENT).execute();
    // Some hostile bodies are still valid submissions (payloads in free text): they must have been stored.
    expect(rows.length, `seed ${SEED}`).toBeGreaterThan(0);
    expect(rows.flatMap(rowProblems), `seed ${SEED}`).toEqual([]);
  });
});
