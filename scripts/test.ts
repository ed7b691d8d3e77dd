/**
 * `npm test`: every test the project has, as a pyramid (docs/testing.md):
 *   1. static checks (typecheck, lint, format), with the production build beside them; then,
 *      side by side (each fills the others' waits on two cores):
 *   2. unit + integration on SQLite (Vitest; HTTP-level tests start the production server),
 *   3. integration on PostgreSQL (a throwaway cluster), then the browser smoke story on it,
 *   4. the browser suite in Chromium against the production build, on SQLite
 * Ends with each layer's duration and one line "N passed, N failed" summing every runner.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findPostgresServer } from "../tests/support/postgres";
import { NO_BROWSER, TEST_BROWSER } from "./chromium";
import { BUILD_ENV, buildNeeded } from "./ensure-build";

// What the PostgreSQL and browser layers need, checked before minutes of other tests run.
if (!TEST_BROWSER) {
  console.error(`npm test: ${NO_BROWSER}`);
  process.exit(1);
}
try {
  await findPostgresServer();
} catch (error) {
  console.error(`npm test: ${(error as Error).message}`);
  process.exit(1);
}

const root = path.resolve(import.meta.dirname, "..");
/**
 * The type check runs on TypeScript 7, the native compiler (the `typescript-native` alias): the same
 * checks in a third of the CPU time of TypeScript 5, which stays as `typescript` for the tools that
 * use its JavaScript API (typescript-eslint, React Router's type generation).
 */
const NATIVE_TSC = path.join(root, "node_modules/typescript-native/bin/tsc");
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "salon-test-"));
const totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
/** Each failed test, one line, repeated at the very end where a truncated CI log still shows it. */
const failedTests: string[] = [];
const failures: string[] = [];
const durations: [string, number][] = [];

/**
 * Runs a command; resolves to whether it exited 0. Its output goes to the terminal, or, with
 * `logFile`, to that file (for a layer that runs beside another and is printed after it).
 */
function exec(command: string, args: string[], env: Record<string, string> = {}, logFile?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const out = logFile ? fs.openSync(logFile, "a") : "inherit";
    const child = spawn(command, args, {
      cwd: root,
      stdio: logFile ? ["ignore", out, out] : "inherit",
      env: { ...process.env, ...env },
    });
    const done = (ok: boolean) => {
      if (typeof out === "number") fs.closeSync(out);
      resolve(ok);
    };
    child.once("error", () => done(false));
    child.once("exit", (code) => done(code === 0));
  });
}

/** Minutes and seconds, as the durations are printed. */
function time(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** One layer: its steps run one after the other; its time and outcome are recorded under `label`. */
async function layer(label: string, steps: () => Promise<boolean>, options: { quiet?: boolean } = {}) {
  if (!options.quiet) console.log(`\n━━ ${label} ━━`);
  const started = Date.now();
  const ok = await steps();
  durations.push([label, Date.now() - started]);
  if (!ok) failures.push(label);
}

function countVitest(file: string, runner: string) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: {
      name: string;
      message?: string;
      assertionResults: { status: string; fullName: string; failureMessages: string[] }[];
    }[];
  };
  for (const suite of report.testResults) {
    const file = path.relative(root, suite.name);
    const failed = suite.assertionResults.filter((test) => test.status === "failed");
    for (const test of failed) {
      failedTests.push(`${runner} ${file} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
    }
    if (!failed.length && suite.message) failedTests.push(`${runner} ${file}: ${firstLine(suite.message)}`);
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

type PlaywrightSuite = {
  title: string;
  specs?: { title: string; file: string; line: number; tests: { projectName: string; status: string }[] }[];
  suites?: PlaywrightSuite[];
};

function countPlaywright(file: string, runner: string) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    suites: PlaywrightSuite[];
  };
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    const inside = suite.title && !suite.title.endsWith(".ts") ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue;
        const what = test.status === "flaky" ? "flaky" : "failed";
        failedTests.push(
          `${runner} [${test.projectName}] ${spec.file}:${spec.line} › ${[...inside, spec.title].join(" › ")} (${what})`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, inside);
  };
  for (const suite of report.suites) walk(suite, []);
  totals.passed += report.stats.expected + report.stats.flaky;
  totals.flaky += report.stats.flaky;
  totals.failed += report.stats.unexpected;
  totals.skipped += report.stats.skipped;
}

function firstLine(text = ""): string {
  const line = text.split("\n").find((part) => part.trim()) ?? "";
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

const vitest = (report: string, ...args: string[]) => [
  "vitest",
  "run",
  ...args,
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
];

/** A folder for one browser run's server data, inside the reports folder so it goes with it. */
function e2eDataRoot(name: string): string {
  const dir = path.join(reports, name);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

const started = Date.now();

// The production build runs beside the static checks: it keeps one core busy for a while, as
// each of them does, and together they share the two cores without a gap. The two Vitest layers
// and the browser start servers from it. Its output is printed when it is done.
const buildLog = path.join(reports, "build.log");
await layer("static checks (typecheck, lint, format) and the production build", async () => {
  if (!(await exec("npx", ["react-router", "typegen"]))) return false;
  const reason = buildNeeded();
  const results = await Promise.all([
    exec(process.execPath, [NATIVE_TSC, "--singleThreaded"]),
    exec("npx", ["eslint", "."]),
    exec("npx", ["prettier", "--check", "--log-level=warn", "."]),
    reason ? exec("npm", ["run", "build"], BUILD_ENV, buildLog) : true,
  ]);
  if (reason) {
    console.log(`\n${reason}: the production build`);
    process.stdout.write(fs.readFileSync(buildLog, "utf8"));
  }
  return results.every(Boolean);
});

// On PostgreSQL the integration layer runs every data-layer file and only the HTTP files whose path
// crosses the booking engine (the booking API, the admin's booking actions) or a fresh install
// (first-hour). The other HTTP files check routes whose queries are the same code on both databases
// and are tested on both beneath them: content and the editor (content*.test.ts), staff
// (staff.test.ts), the inbox (submissions-inbox.test.ts), the waiting list (waitlist.test.ts),
// outcomes (booking-outcomes.test.ts), client limits (booking-client-limits.test.ts), client
// records (clients.test.ts), the sign-in throttle (login-throttle.test.ts) and the images made ahead
// (image-prewarm.test.ts). The smoke story follows an editor's save and a visitor's message through
// the browser on PostgreSQL.
const sqliteOnlyFiles = [
  "fuzz",
  "headers",
  "platform",
  "admin-access",
  "admin-content",
  "admin-guard",
  "admin-staff",
  "admin-submissions",
  "admin-clients",
  "booking-limits",
  "booking-outcomes",
  "menu-prices",
  "waitlist",
  "xss",
  "public-html-a",
  "public-html-b",
  "content-fallbacks",
  "uploads",
  "raw-requests",
  "sign-in-throttle",
  "image-prewarm",
]
  .map((name) => `http/${name}`)
  // Where media are stored (a folder or a bucket) does not depend on the database: the storage
  // drivers' contract and the server on a bucket are checked once, on SQLite.
  .concat("media-s3")
  .flatMap((name) => ["--exclude", `tests/integration/${name}.test.ts`]);
const sqliteReport = path.join(reports, "vitest-sqlite.json");
const sqliteLog = path.join(reports, "vitest-sqlite.log");
const pgReport = path.join(reports, "vitest-postgres.json");
const pgLog = path.join(reports, "vitest-postgres.log");
const smokeReport = path.join(reports, "playwright-postgres.json");
const smokeLog = path.join(reports, "playwright-postgres.log");
const e2eReport = path.join(reports, "playwright.json");
const e2eLog = path.join(reports, "playwright.log");
// The three runners start together. Measured alone, the two Vitest layers kept two cores only two
// thirds busy (their HTTP files wait on the servers, scripts and databases they start), while the
// browser suite keeps both busy: side by side they fill the gaps, and the browser suite no longer
// waits for minutes of integration tests before it starts. Each one's output goes to a file and is
// printed, whole, when all are done; a line says when each ends.
console.log(
  "\n━━ unit + integration (SQLite), integration (PostgreSQL) then the browser smoke on it, and the browser suite (SQLite), side by side ━━",
);
const finished = (label: string) => () => console.log(`  … ${label} done (${time(Date.now() - started)} in)`);
await Promise.all([
  layer("unit + integration (SQLite)", () => exec("npx", vitest(sqliteReport), {}, sqliteLog), { quiet: true }).then(
    finished("unit + integration (SQLite)"),
  ),
  (async () => {
    await layer(
      "integration (PostgreSQL)",
      () =>
        exec(
          "npx",
          ["tsx", "scripts/with-postgres.ts", "npx", ...vitest(pgReport, "tests/integration", ...sqliteOnlyFiles)],
          {},
          pgLog,
        ),
      { quiet: true },
    );
    finished("integration (PostgreSQL)")();
    await layer(
      "browser smoke (Chromium, PostgreSQL)",
      () =>
        exec(
          "npx",
          [
            "tsx",
            "scripts/with-postgres.ts",
            "npx",
            "playwright",
            "test",
            "--project=postgres-smoke",
            `--output=${path.join(reports, "smoke-results")}`,
            "--reporter=list,json",
          ],
          {
            PLAYWRIGHT_JSON_OUTPUT_NAME: smokeReport,
            E2E_DATA_ROOT: e2eDataRoot("e2e-postgres"),
            E2E_PORT: String(Number(process.env.E2E_PORT ?? 3210) + 1),
          },
          smokeLog,
        ),
      { quiet: true },
    );
    finished("browser smoke (Chromium, PostgreSQL)")();
  })(),
  layer(
    "browser (Chromium, SQLite)",
    () =>
      exec(
        "npx",
        ["playwright", "test", "--project=desktop", "--project=mobile", "--reporter=list,json"],
        { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport, E2E_DATA_ROOT: e2eDataRoot("e2e-sqlite") },
        e2eLog,
      ),
    { quiet: true },
  ).then(finished("browser (Chromium, SQLite)")),
]);
for (const [label, log] of [
  ["unit + integration (SQLite)", sqliteLog],
  ["integration (PostgreSQL)", pgLog],
  ["browser smoke (Chromium, PostgreSQL)", smokeLog],
  ["browser (Chromium, SQLite)", e2eLog],
] as const) {
  console.log(`\n━━ ${label} ━━`);
  if (fs.existsSync(log)) process.stdout.write(fs.readFileSync(log, "utf8"));
}
countVitest(sqliteReport, "vitest (SQLite)");
countVitest(pgReport, "vitest (PostgreSQL)");
countPlaywright(smokeReport, "browser smoke");
countPlaywright(e2eReport, "browser");

fs.rmSync(reports, { recursive: true, force: true });

console.log("\nDurations");
for (const [label, ms] of durations) console.log(`  ${time(ms).padStart(6)}  ${label}`);
console.log(`  ${time(Date.now() - started).padStart(6)}  total`);
console.log("");
if (failedTests.length) {
  console.log("Tests that failed or passed only on a retry:");
  for (const line of failedTests) console.log(`  ${line}`);
}
if (failures.length) console.log(`Failed steps: ${failures.join(", ")}`);
if (totals.flaky) console.log(`${totals.flaky} browser test(s) passed only on their retry (flaky): see the list above`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(failures.length || totals.failed ? 1 : 0);
