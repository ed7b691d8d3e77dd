/**
 * `npm run bench`: the performance figures of the product, measured against the production build.
 *
 *   npm run bench                 everything (about 4 minutes)
 *   npm run bench -- --quick      shorter load runs, no Lighthouse
 *   npm run bench -- --only=js,lighthouse,server,submit,render,postgres,booking,history
 *   npm run bench -- --only=history --postgres   the salon with history on PostgreSQL (else SQLite,
 *                                                or the postgres:// DATABASE_URL when set)
 *
 * Prints each figure beside its goal and writes them all to .tmp/bench-latest.json.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { openDatabase } from "../app/server/db/database.server";
import { startPostgres } from "../tests/support/postgres";
import { bookingFigures } from "./bench/booking";
import { historyFigures } from "./bench/history";
import { load, measurePublicJs, PUBLIC_ROUTES, runLighthouse, type LoadFigure } from "./bench/measure";
import { startServer } from "./bench/server-process";
import { pageThroughput } from "./bench/throughput";
import { CHROMIUM_PATH, NO_BROWSER } from "./chromium";
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
    const pages: Record<string, unknown> = {};
    for (const route of PAGE_ROUTES) {
      pages[route] = await pageThroughput(line, label, { url: server.url, pid: server.child.pid }, route, {
        seconds,
        rounds: quick ? 1 : 3,
      });
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
    results[label] = { pages, steady, submit, stored };
  } finally {
    await server.stop();
  }
}

/** The pages measured under load, each beside nginx serving the same page precompressed (scripts/bench/throughput.ts). */
const PAGE_ROUTES = ["/", "/services/hair", "/contact", "/suites"];

/**
 * What a cache miss costs: each public route rendered by a server without the page cache, one
 * request at a time (the render, its database reads and the HTTP round trip on this machine).
 */
async function renderFigures() {
  const server = await startServer({ env: { PAGE_CACHE: "off" } });
  const figures: Record<string, { p50: number; p99: number }> = {};
  try {
    for (const route of PUBLIC_ROUTES) {
      const url = server.url + route;
      const times: number[] = [];
      for (let i = 0; i < 80; i++) {
        const started = performance.now();
        // Uncompressed: the render's own cost (compressing a miss is the compression middleware's).
        await new Promise<void>((resolve, reject) =>
          http
            .get(url, { headers: { Accept: "text/html" } }, (res) => res.resume().on("end", resolve))
            .on("error", reject),
        );
        if (i >= 20) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const p50 = times[Math.floor(times.length / 2)];
      const p99 = times[Math.floor(times.length * 0.99)];
      figures[route] = { p50, p99 };
      line(
        `render on a cache miss ${route} p50 / p99 (ms)`,
        `${p50.toFixed(1)} / ${p99.toFixed(1)}`,
        "p50 ≤ 10",
        p50 <= 10,
      );
    }
  } finally {
    await server.stop();
  }
  results.render = figures;
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

if ((wants("js") || wants("lighthouse")) && !CHROMIUM_PATH) {
  console.error(`bench: ${NO_BROWSER}`);
  process.exit(1);
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
        const lcp = [...f.lcpRuns].sort((a, b) => a - b)[1];
        line(
          `  LCP, median of 3 (runs)`,
          `${(lcp / 1000).toFixed(2)} s (${f.lcpRuns.map((ms) => (ms / 1000).toFixed(2)).join(", ")})`,
          "≤ 1.2 s",
          lcp <= 1200,
        );
        line(
          `  LCP: TTFB / load delay / load time / render delay`,
          ["TTFB", "Load Delay", "Load Time", "Render Delay"].map((phase) => f.lcpPhases[phase] ?? "–").join(" / "),
        );
        for (const blocking of f.renderBlocking) {
          line(`  render-blocking ${new URL(blocking.url, server.url).pathname}`, `${blocking.wastedMs} ms`);
        }
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

if (wants("render")) await renderFigures();

if (wants("booking")) {
  // A server of its own on a throwaway data directory: the bookings it takes go nowhere else.
  const server = await startServer({ env: { FORM_RATE_LIMIT: "1000000000", BOOKING_RATE_LIMIT: "1000000000" } });
  try {
    const f = await bookingFigures(server, { count: 200, clients: 8, seconds });
    const a = f.availability;
    line(`[booking] POST /api/bookings, 8 clients, bookings/s`, f.throughput.bookingsPerSecond.toFixed(0));
    line(`[booking] booking p50 / p99 (ms)`, `${f.throughput.p50} / ${f.throughput.p99}`);
    line(`[booking] distinct free times booked`, `${f.throughput.booked} of 200`, "all", f.throughput.refused === 0);
    line(
      `[booking] ${f.collision.tries} at once for one time: booked / 409`,
      `${f.collision.booked} / ${f.collision.conflicts}`,
      "1 / rest",
      f.collision.booked === 1 && f.collision.conflicts === f.collision.tries - 1,
    );
    line(`[booking] overlapping bookings of one resource`, String(f.overlapping), "0", f.overlapping === 0);
    line(`[booking] GET /api/availability, ${f.seeded} bookings held`, `${a.date}, ${a.bookingsThatDay} that day`);
    line(`[booking] availability, 1 client, p50 / p99 (ms)`, `${a.oneClient.p50} / ${a.oneClient.p99}`);
    line(`[booking] availability, 10 clients, req/s`, a.tenClients.requestsPerSecond.toFixed(0));
    line(
      `[booking] availability, 10 clients, p50 / p99 (ms)`,
      `${a.tenClients.p50} / ${a.tenClients.p99}`,
      "p99 ≤ 20",
      a.tenClients.p99 <= 20 && a.tenClients.errors === 0,
    );
    line(`[booking] visit: the busiest day with free times`, `${f.visit.date}, ${f.visit.slots} times`);
    line(
      `[booking] availability of a visit (two services, a chosen person, processing), 10 clients, p50 / p99 (ms)`,
      `${f.visit.tenClients.p50} / ${f.visit.tenClients.p99}`,
      "p99 ≤ 20",
      f.visit.tenClients.p99 <= 20 && f.visit.tenClients.errors === 0,
    );
    // The load generator runs in this process: its CPU beside the server's shows whose speed is measured.
    // Server CPU per answer does not depend on how busy the shared machine is, unlike the latencies.
    const cpu = (l: LoadFigure) =>
      `${l.cpu.client} / ${l.cpu.server ?? "?"}, ${l.cpu.server === null ? "?" : ((l.cpu.server / l.requestsPerSecond) * 1000).toFixed(2)} ms/answer`;
    line(`[booking] availability, 10 clients, CPU cores load tool / server, server CPU`, cpu(a.tenClients));
    line(`[booking] visit, 10 clients, CPU cores load tool / server, server CPU`, cpu(f.visit.tenClients));
    results.booking = f;
  } finally {
    await server.stop();
  }
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

if (wants("history")) {
  results.history = await historyFigures({ seconds, postgres: args.includes("--postgres"), line });
}

const out = path.resolve(import.meta.dirname, "../.tmp/bench-latest.json");
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(results, null, 2));
console.log(
  `\n${missed ? `${missed} figure(s) missed their goal` : "every figure met its goal"}; details in ${path.relative(process.cwd(), out)}`,
);
