/**
 * `npm test`: every test the project has, in the order that fails fastest.
 *   1. typecheck   2. unit + integration on SQLite   3. integration on PostgreSQL (throwaway cluster)
 *   4. end-to-end in Chromium against the production build, on SQLite and then on PostgreSQL
 * Ends with one line "N passed, N failed" summing every runner.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "salon-test-"));
let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;
const failures: string[] = [];

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n━━ ${label} ━━`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  const ok = result.status === 0;
  if (!ok) failures.push(label);
  return ok;
}

function countVitest(file: string) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}

function countPlaywright(file: string) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  passed += report.stats.expected + report.stats.flaky;
  flaky += report.stats.flaky;
  failed += report.stats.unexpected;
  skipped += report.stats.skipped;
}

const npx = "npx";
if (run("typecheck", npx, ["react-router", "typegen"])) run("typecheck", npx, ["tsc"]);
run("lint", npx, ["eslint", "."]);
run("format", npx, ["prettier", "--check", "--log-level=warn", "."]);

const sqliteReport = path.join(reports, "vitest-sqlite.json");
run("unit + integration (SQLite)", npx, [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${sqliteReport}`,
]);
countVitest(sqliteReport);

const pgReport = path.join(reports, "vitest-postgres.json");
run("integration (PostgreSQL)", npx, [
  "tsx",
  "scripts/with-postgres.ts",
  "npx",
  "vitest",
  "run",
  "tests/integration",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${pgReport}`,
]);
countVitest(pgReport);

/** A folder for one end-to-end run's server data, inside the reports folder so it goes with it. */
function e2eDataRoot(name: string): string {
  const dir = path.join(reports, name);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

const e2eReport = path.join(reports, "playwright.json");
run("end-to-end (Chromium, SQLite)", npx, ["playwright", "test", "--reporter=list,json"], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  E2E_DATA_ROOT: e2eDataRoot("e2e-sqlite"),
});
countPlaywright(e2eReport);

const e2ePgReport = path.join(reports, "playwright-postgres.json");
run(
  "end-to-end (Chromium, PostgreSQL)",
  npx,
  ["tsx", "scripts/with-postgres.ts", "npx", "playwright", "test", "--reporter=list,json"],
  {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2ePgReport,
    E2E_DATA_ROOT: e2eDataRoot("e2e-postgres"),
  },
);
countPlaywright(e2ePgReport);

fs.rmSync(reports, { recursive: true, force: true });
console.log("");
if (failures.length) console.log(`Failed steps: ${failures.join(", ")}`);
if (flaky) console.log(`${flaky} end-to-end test(s) passed only on their retry (flaky): see the list above`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failures.length || failed ? 1 : 0);
