/**
 * `npm run bench`: the performance figures of the product, measured against the production build.
 *
 *   npm run bench                 everything (about 4 minutes)
 *   npm run bench -- --quick      shorter load runs, no Lighthouse
 *   npm run bench -- --only=js,lighthouse,server,submit,postgres
 *
 * Prints each figure beside its goal and writes them all to .tmp/bench-latest.json.
 */
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../app/server/db/database.server";
import { startPostgres } from "../tests/support/postgres";
import { load, measurePublicJs, runLighthouse, startNginx, type LoadFigure } from "./bench/measure";
import { startServer } from "./bench/server-process";
import { ensureBuild } from "./ensure-build";

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const only = args
  .find((a) => a.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",");
const wants = (part: string) => (only ? only.includes(part) : !(quick && part === "lighthouse"));
const seconds = quick ? 3 : 10;

const results: Record<string, unknown> = { date: new Date().toISOString(), quick };
let missed = 0;

function line(label: string, value: string, goal?: string, ok?: boolean) {
  const verdict = ok === undefined ? "" : ok ? "  ok" : "  MISSED";
  if (ok === false) missed++;
  console.log(`${label.padEnd(46)} ${value.padStart(16)}${goal ? `   goal ${goal}` : ""}${verdict}`);
}

const SUBMISSION = JSON.stringify({
  formType: "Contact",
  name: "Bench Visitor",
  email: "bench@example.com",
  phone: "(713) 555-0100",
  service: "facial",
  message: "Measuring how fast submissions are stored.",
});

async function serverFigures(
  label: string,
  env: Record<string, string>,
  countRows: (dataDir: string) => Promise<number>,
) {
  const server = await startServer({ env: { FORM_RATE_LIMIT: "1000000000", ...env } });
  try {
    const html = await (await fetch(`${server.url}/`)).text();
    // Warm up caches and the JIT before measuring.
    await load({ url: `${server.url}/`, connections: 10, durationSeconds: 1 });
    const home = await load({ url: `${server.url}/`, connections: 50, durationSeconds: seconds });
    line(`[${label}] GET / requests/s`, home.requestsPerSecond.toFixed(0));
    line(`[${label}] GET / latency p50 / p99 (ms)`, `${home.p50} / ${home.p99}`);
    const nginx = await startNginx(html);
    let ratio: number | null = null;
    if (nginx) {
      const baseline = await load({ url: nginx.url, connections: 50, durationSeconds: seconds });
      nginx.stop();
      ratio = home.requestsPerSecond / baseline.requestsPerSecond;
      line(`[${label}] nginx, same HTML, requests/s`, baseline.requestsPerSecond.toFixed(0));
      line(`[${label}] ratio to nginx`, ratio.toFixed(2), "≥ 0.5", ratio >= 0.5);
    } else {
      line(`[${label}] nginx baseline`, "not installed");
    }

    const post = {
      url: `${server.url}/api/submit-form`,
      method: "POST" as const,
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: SUBMISSION,
    };
    // Warm-up (JIT, statements, the outbox worker's first rounds), as for GET / above.
    await load({ ...post, connections: 8, durationSeconds: 1 });
    // A steady 200 submissions a second, far beyond any salon's day: latency without a queue.
    const steady = await load({ ...post, connections: 16, durationSeconds: seconds, overallRate: 200 });
    line(`[${label}] submissions at a steady 200/s, p50 / p99 (ms)`, `${steady.p50} / ${steady.p99}`);
    // Let the last requests of that run land before counting.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = await countRows(server.dataDir);
    const submit: LoadFigure = await load({ ...post, connections: 64, durationSeconds: seconds });
    const stored = (await countRows(server.dataDir)) - before;
    line(`[${label}] POST /api/submit-form, 64 clients, req/s`, submit.requestsPerSecond.toFixed(0));
    line(`[${label}] submission p50 (ms)`, String(submit.p50));
    // The issue sets the latency goal for the embedded database; PostgreSQL's figure is reported
    // beside it (its server shares the two cores with Node and the load generator).
    if (label === "sqlite") line(`[${label}] submission p99 (ms)`, String(submit.p99), "≤ 25", submit.p99 <= 25);
    else line(`[${label}] submission p99 (ms)`, String(submit.p99), "≤ 25 is set for the embedded database");
    // Every 200 must be stored. A few more rows may exist: requests still in flight when the load
    // stopped were stored by the server, but the load tool no longer waited for their answers.
    const inFlightAtEnd = stored - submit.ok;
    line(
      `[${label}] rows stored ≥ 200 answers (in flight at end)`,
      `${stored} ≥ ${submit.ok} (${inFlightAtEnd})`,
      "all stored",
      inFlightAtEnd >= 0 && inFlightAtEnd <= 64 && submit.errors === 0,
    );
    results[label] = { home, nginxRatio: ratio, steady, submit, stored };
  } finally {
    await server.stop();
  }
}

async function sqliteRows(dataDir: string) {
  const handle = openDatabase({ dataDir });
  try {
    const row = await handle.db
      .selectFrom("form_submissions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await handle.close();
  }
}

ensureBuild();
console.log(`Benchmarks against the production build${quick ? " (quick)" : ""}\n`);

if (wants("js") || wants("lighthouse")) {
  const server = await startServer();
  try {
    if (wants("js")) {
      const figures = await measurePublicJs(server.url);
      for (const f of figures) {
        line(`first-load JS ${f.route} (gzip KB)`, (f.gzipBytes / 1024).toFixed(1), "≤ 90", f.gzipBytes <= 90 * 1024);
        if (f.adminChunks.length) line(`  admin chunks on ${f.route}`, f.adminChunks.join(" "), "none", false);
      }
      results.js = figures;
    }
    if (wants("lighthouse")) {
      const figures = await runLighthouse(server.url, ["/", "/services", "/services/hair", "/suites", "/contact"]);
      for (const f of figures) {
        line(`lighthouse ${f.route} performance`, String(f.performance), "≥ 98", f.performance >= 98);
        line(
          `  FCP / LCP / TBT / CLS`,
          ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift"]
            .map((id) => f.metrics[id])
            .join(" / "),
        );
        line(`lighthouse ${f.route} accessibility`, String(f.accessibility), "100", f.accessibility === 100);
        line(`lighthouse ${f.route} best practices`, String(f.bestPractices), "100", f.bestPractices === 100);
        line(`lighthouse ${f.route} SEO`, String(f.seo), "100", f.seo === 100);
      }
      results.lighthouse = figures;
    }
  } finally {
    await server.stop();
  }
}

if (wants("server") || wants("submit")) {
  await serverFigures("sqlite", {}, sqliteRows);
}

if (wants("postgres")) {
  const cluster = await startPostgres();
  try {
    await serverFigures("postgres", { DATABASE_URL: cluster.url }, async () => {
      const handle = openDatabase({ databaseUrl: cluster.url, dataDir: "" });
      try {
        const row = await handle.db
          .selectFrom("form_submissions")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow();
        return Number(row.n);
      } finally {
        await handle.close();
      }
    });
  } finally {
    await cluster.stop();
  }
}

const out = path.resolve(import.meta.dirname, "../.tmp/bench-latest.json");
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(results, null, 2));
console.log(
  `\n${missed ? `${missed} figure(s) missed their goal` : "every figure met its goal"}; details in ${path.relative(process.cwd(), out)}`,
);
