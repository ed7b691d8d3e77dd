/**
 * Fills the database (DATABASE_URL, else the SQLite file in DATA_DIR, like `npm start`) with a
 * made-up salon, or takes it out again:
 *   npm run demo                  one year of history
 *   npm run demo -- --years 3     three years
 *   npm run demo -- --remove      removes the demo data, nothing else
 * Refuses a database with real bookings or submissions unless --force.
 */
import { parseArgs } from "node:util";
import { loadEnv } from "../app/server/env.server";
import { migrateToLatest, openDatabase } from "../app/server/db/database.server";
import { DemoRefusedError, demoOptionsFor, loadDemo, removeDemo } from "../app/server/demo/demo.server";
import { mediaRoots } from "../app/server/media/library.server";

const { values } = parseArgs({
  options: {
    years: { type: "string", default: "1" },
    remove: { type: "boolean", default: false },
    force: { type: "boolean", default: false },
  },
});

const years = Number(values.years);
if (!(years > 0 && years <= 10)) {
  console.error(`--years must be a number from 0.1 to 10, not "${values.years}".`);
  process.exit(1);
}

const env = loadEnv();
const handle = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
const started = performance.now();
try {
  await migrateToLatest(handle.db);
  if (values.remove) {
    await removeDemo(handle.db, mediaRoots(env));
    console.log("Removed the demo data. Your own data is untouched.");
  } else {
    const options = await demoOptionsFor(handle.db, Math.round(years * 365));
    const counts = await loadDemo(handle.db, { ...options, force: values.force, media: mediaRoots(env) });
    console.log(
      `Made a demo salon: ${years} ${years === 1 ? "year" : "years"} up to ${options.today} and 3 weeks ahead.`,
    );
    for (const [what, count] of Object.entries(counts)) console.log(`  ${what.padEnd(12)} ${count}`);
  }
  console.log(`Took ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  if (!(error instanceof DemoRefusedError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
