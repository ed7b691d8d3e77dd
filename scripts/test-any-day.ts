/**
 * `npm run test:any-day`: the unit and SQLite integration tests (HTTP tests included: the servers
 * they start inherit the clock) with the clock moved to another day by libfaketime, to show that
 * no test holds only in the week it was written. The day is ANY_DAY ("2031-07-15 16:00:00", read
 * in UTC), or a day years ahead by default. Arguments go to Vitest: `npm run test:any-day --
 * tests/integration/bookings.test.ts`. Without the `faketime` command (Debian: apt-get install
 * faketime) it says so and skips.
 */
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { ensureBuild } from "./ensure-build";

const root = path.resolve(import.meta.dirname, "..");
// Years ahead, a leap day, a Friday in the salon's opening hours (11:30 in Houston).
const DEFAULT_DAY = "2036-02-29 17:30:00";
const day = process.env.ANY_DAY?.trim() || DEFAULT_DAY;

if (!/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(day)) {
  console.error(`ANY_DAY must be a date and time in UTC, e.g. "2031-07-15 16:00:00"; got "${day}".`);
  process.exit(1);
}

// The SQLite layer, whatever DATABASE_URL the shell has.
const env: NodeJS.ProcessEnv = { ...process.env };
delete env.DATABASE_URL;
// faketime reads the day with `date -d`: "UTC" makes it UTC whatever the machine's zone.
const fakeDay = `${day} UTC`;

const probe = spawnSync("faketime", [fakeDay, process.execPath, "-p", "new Date().toISOString()"], {
  encoding: "utf8",
  env,
});
if ((probe.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT") {
  console.log("test:any-day skipped: the faketime command is not installed (Debian: apt-get install faketime).");
  process.exit(0);
}
const moved = probe.stdout?.trim() ?? "";
if (probe.status !== 0 || !moved.startsWith(day.slice(0, 10))) {
  const said = [moved, probe.stderr?.trim()].filter(Boolean).join("\n");
  console.error(`faketime did not move Node's clock to ${day} UTC:\n${said}`);
  process.exit(1);
}

// Built on the real clock, before the clock moves.
ensureBuild();
console.log(`Unit and SQLite integration tests with the clock at ${day} UTC (${moved}):`);
const child = spawn("faketime", [fakeDay, "npx", "vitest", "run", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env,
});
child.once("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
