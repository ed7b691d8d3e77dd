import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { addLocalDays } from "../../app/lib/booking/availability";
import { createSession, SESSION_COOKIE } from "../../app/server/auth/session.server";
import { upsertUser } from "../../app/server/auth/users.server";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "../../app/server/db/database.server";
import { demoOptionsFor, loadDemo } from "../../app/server/demo/demo.server";
import { mediaRoots } from "../../app/server/media/library.server";
import { createDatabase, startPostgres, type PostgresCluster } from "../../tests/support/postgres";
import { bookConcurrently, freeTargets, percentile } from "./booking";
import { load, processCpuSeconds, type LoadFigure } from "./measure";
import { startServer, type RunningServer } from "./server-process";

/**
 * `npm run bench -- --only=history`: the figures that depend on how much a salon has stored, on
 * the demo salon (app/server/demo) of one year and of three years, each on a fresh database
 * (SQLite; PostgreSQL with --postgres or a postgres:// DATABASE_URL) under the production server.
 *
 * Load figures (availability, booking) come from autocannon or parallel fetches in this process,
 * beside the CPU this process and the server used. Admin pages are timed by this process to the
 * last byte, one request at a time (concurrency 1: the server's time plus a localhost round trip).
 * The server's resident memory is sampled every 50 ms from /proc for the whole run. Last, on the
 * three-year database, the submissions CSV is downloaded with 10,000 and then 50,000 rows stored
 * while the memory is sampled: a streamed export holds the same memory for both.
 */

type Line = (label: string, value: string, goal?: string, ok?: boolean) => void;

const YEARS = [1, 3] as const;
/** Admin page timings: discarded first requests (JIT, statements), then measured ones. */
const WARM_UP = 5;
const SAMPLES = 40;

interface SizeFigures {
  years: number;
  rows: { bookings: number; clients: number; submissions: number };
  availabilityDay: LoadFigure;
  availabilityStrip: LoadFigure;
  booking: BookingRun & { booked: number; tried: number; fewer: BookingRun[]; steady: BookingRun };
  admin: Record<string, PageFigure>;
  rssPeakMb: number;
}

/**
 * Bookings by `clients` at once, each client sending its next booking when answered; or, with
 * `steadyRate`, sent at that many a second (at most `clients` at once).
 */
interface BookingRun {
  clients: number;
  steadyRate?: number;
  p50: number;
  p99: number;
  perSecond: number;
  /** The server's CPU (all its threads) per booking. */
  cpuMs: number;
}

/** An admin page at concurrency 1: p50 and p95 in ms, and the server's CPU ms per request. */
interface PageFigure {
  p50: number;
  p95: number;
  cpuMs: number;
}

/** Resident memory of a process in MB (Linux /proc), or 0 when unreadable. */
function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 102.4) / 10;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every 50 ms until stopped; the samples since the last `reset`. */
function rssSampler(pid: number) {
  let samples: number[] = [];
  const timer = setInterval(() => samples.push(rssMb(pid)), 50);
  return {
    reset: () => (samples = []),
    peak: () => Math.max(rssMb(pid), ...samples),
    samples: () => samples,
    stop: () => clearInterval(timer),
  };
}

/** A database for one size: a SQLite file in a fresh directory, or a fresh database in the cluster. */
async function freshDatabase(years: number, postgresUrl: string | null) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `salon-history-${years}y-`));
  if (!postgresUrl) return { dataDir, databaseUrl: undefined };
  const name = `bench_history_${years}y_${Date.now()}`;
  await createDatabase(postgresUrl, name);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return { dataDir, databaseUrl: url.toString() };
}

async function count(
  handle: DatabaseHandle,
  table: "bookings" | "clients" | "form_submissions" | "staff" | "site_images",
) {
  const row = await handle.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * p50 and p95 of one admin URL, requested one at a time with the admin's cookie, and the server's
 * CPU per request: unlike the times, it does not grow when the shared machine is busy.
 */
async function timePage(url: string, cookie: string, pid: number): Promise<PageFigure> {
  const times: number[] = [];
  let cpuBefore = 0;
  for (let i = 0; i < WARM_UP + SAMPLES; i++) {
    if (i === WARM_UP) cpuBefore = processCpuSeconds(pid) ?? 0;
    const began = performance.now();
    const response = await fetch(url, { headers: { Cookie: cookie }, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    if (i >= WARM_UP) times.push(performance.now() - began);
  }
  const cpuMs = (((processCpuSeconds(pid) ?? 0) - cpuBefore) * 1000) / SAMPLES;
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), cpuMs: round(cpuMs) };
}

/** Stores cheap contact messages until the table holds `total` rows (the CSV export's load). */
async function fillSubmissions(handle: DatabaseHandle, total: number) {
  const have = await count(handle, "form_submissions");
  const start = Date.parse("2020-01-01T12:00:00Z");
  for (let i = have; i < total; i += 500) {
    const batch = Array.from({ length: Math.min(500, total - i) }, (_, j) => ({
      form_type: "Contact",
      name: `Export Row ${i + j}`,
      email: `row${i + j}@example.com`,
      phone: "(713) 555-0100",
      service: "facial",
      message: "A message of ordinary length, as visitors write them, to make the export's rows realistic.",
      status: "read" as const,
      page_path: "/contact",
      created_at: new Date(start + (i + j) * 60_000).toISOString(),
    }));
    await handle.db.insertInto("form_submissions").values(batch).execute();
  }
}

/** Downloads the whole submissions CSV while sampling the server's memory: rows, MB before, peak MB. */
async function exportCsv(server: RunningServer, cookie: string) {
  const pid = server.child.pid!;
  global.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const before = rssMb(pid);
  const sampler = rssSampler(pid);
  const began = performance.now();
  const response = await fetch(`${server.url}/admin/export/submissions.csv?status=all`, {
    headers: { Cookie: cookie },
  });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body!) {
    bytes += chunk.length;
    for (const byte of chunk as Uint8Array) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - began) / 1000;
  const peak = sampler.peak();
  sampler.stop();
  return { rows: lines - 1, mb: Math.round(bytes / 1e5) / 10, seconds, before, peak };
}

async function measureSize(
  years: number,
  postgresUrl: string | null,
  seconds: number,
  line: Line,
  withCsv: boolean,
): Promise<SizeFigures & { csv?: unknown }> {
  const { dataDir, databaseUrl } = await freshDatabase(years, postgresUrl);
  const handle = openDatabase({ databaseUrl, dataDir });
  let server: RunningServer | undefined;
  try {
    await migrateToLatest(handle.db);
    const began = performance.now();
    const options = await demoOptionsFor(handle.db, years * 365);
    await loadDemo(handle.db, { ...options, force: true, media: mediaRoots(dataDir) });
    await sql`analyze`.execute(handle.db);
    const rows = {
      bookings: await count(handle, "bookings"),
      clients: await count(handle, "clients"),
      submissions: await count(handle, "form_submissions"),
      staff: await count(handle, "staff"),
      images: await count(handle, "site_images"),
    };
    const label = `[history ${years}y]`;
    line(
      `${label} demo salon (${((performance.now() - began) / 1000).toFixed(1)} s)`,
      `${rows.bookings} bookings, ${rows.clients} clients, ${rows.submissions} submissions, ${rows.staff} staff, ${rows.images} images`,
    );
    const { id } = await upsertUser(handle.db, {
      email: "bench-admin@aurelia.test",
      password: "a-long-enough-password",
      role: "admin",
    });
    const cookie = `${SESSION_COOKIE}=${await createSession(handle.db, { userId: id, aal: "aal1" })}`;

    server = await startServer({
      dataDir,
      env: {
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        FORM_RATE_LIMIT: "1000000000",
        BOOKING_RATE_LIMIT: "1000000000",
        OUTBOX_POLL_MS: "600000",
        // The demo's photos would keep a core busy making variants: this bench times pages.
        IMAGE_PREWARM: "off",
      },
    });
    const pid = server.child.pid!;
    const memory = rssSampler(pid);
    const { url } = server;
    const figures: SizeFigures & { csv?: unknown } = {
      years,
      rows,
      admin: {},
    } as unknown as SizeFigures;

    // Availability a week ahead (the demo's bookings run three weeks ahead): a day, and the
    // booking page with its two-week strip of days and that day's times (a rendered page).
    const date = addLocalDays(options.today, 7);
    const dayUrl = `${url}/api/availability?${new URLSearchParams({ service: "hair", date })}`;
    const stripUrl = `${url}/book/hair?${new URLSearchParams({ date })}`;
    await load({ url: dayUrl, connections: 4, durationSeconds: 1 });
    figures.availabilityDay = await load({ url: dayUrl, connections: 10, durationSeconds: seconds, serverPid: pid });
    await load({ url: stripUrl, connections: 4, durationSeconds: 1 });
    figures.availabilityStrip = await load({
      url: stripUrl,
      connections: 10,
      durationSeconds: seconds,
      serverPid: pid,
    });

    // Admin pages, one request at a time. The client with the most bookings; a search that finds
    // some of many (a common first name).
    const busiest = await handle.db
      .selectFrom("bookings")
      .select(["client_id", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where("client_id", "is not", null)
      .groupBy("client_id")
      .orderBy("n", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    const yearAgo = addLocalDays(options.today, -364);
    const pages: [string, string][] = [
      ["dashboard", "/admin/dashboard"],
      ["calendar, day", `/admin/bookings?view=day&date=${date}`],
      ["calendar, week", `/admin/bookings?view=week&date=${date}`],
      ["submissions", "/admin/submissions"],
      ["submissions, search", "/admin/submissions?status=all&q=olivia"],
      ["clients", "/admin/clients"],
      ["clients, search", "/admin/clients?q=olivia"],
      ["clients, search by phone", "/admin/clients?q=555-01"],
      [`client with ${busiest.n} bookings`, `/admin/clients/${busiest.client_id}`],
      ["waiting list", "/admin/bookings/waiting-list"],
      ["staff", "/admin/staff"],
      ["media library", "/admin/media"],
      ["media picker, a search", "/admin/media/upload?list=1&q=suite"],
      ["reports, default range", "/admin/reports"],
      ["reports, a year", `/admin/reports?from=${yearAgo}&to=${options.today}`],
      ["reports CSV, a year", `/admin/export/reports.csv?from=${yearAgo}&to=${options.today}`],
    ];
    for (const [name, page] of pages) figures.admin[name] = await timePage(url + page, cookie, pid);

    // Booking last (it adds bookings): distinct free times, 16 clients at once, after one booking
    // per client not counted (the first of a fresh process compile the path, as the admin pages' first requests do).
    // Then fewer clients: 16 that never pause keep the server saturated, so their latency is 16 ÷ the
    // rate; 1 and 4 show what a booking takes when the server is not. Last, 16 clients sending at a
    // steady rate of about half what the server can take: the latency a visitor sees under a load
    // that does not queue by construction (a salon's busiest hour is a few bookings a minute).
    const tried = 160;
    const warmUp = 16;
    const fewerClients = [1, 4];
    const steadyRate = 100;
    const steadyTried = 300;
    const targets = await freeTargets(url, tried * (1 + fewerClients.length) + steadyTried + warmUp);
    await bookConcurrently(url, targets.slice(-warmUp), 16, 30_000);
    const bookingRun = async (clients: number, run: number, rate?: number) => {
      const cpuBefore = processCpuSeconds(pid) ?? 0;
      const { seconds, results } = await bookConcurrently(
        url,
        targets.slice(run * tried, rate ? run * tried + steadyTried : (run + 1) * tried),
        clients,
        20_000 + run * 1_000,
        rate,
      );
      const cpuMs = (((processCpuSeconds(pid) ?? 0) - cpuBefore) * 1000) / results.length;
      const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
      const figure: BookingRun = {
        clients,
        ...(rate ? { steadyRate: rate } : {}),
        p50: Math.round(percentile(latencies, 50)),
        p99: Math.round(percentile(latencies, 99)),
        perSecond: Math.round(results.length / seconds),
        cpuMs: Math.round(cpuMs * 10) / 10,
      };
      return { figure, booked: results.filter((r) => r.status === 201).length };
    };
    const sixteen = await bookingRun(16, 0);
    const fewer: BookingRun[] = [];
    for (const [i, clients] of fewerClients.entries()) fewer.push((await bookingRun(clients, i + 1)).figure);
    const steady = (await bookingRun(16, 1 + fewerClients.length, steadyRate)).figure;
    figures.booking = { ...sixteen.figure, booked: sixteen.booked, tried, fewer, steady };
    figures.rssPeakMb = memory.peak();
    memory.stop();

    if (withCsv) {
      await fillSubmissions(handle, 10_000);
      const small = await exportCsv(server, cookie);
      await fillSubmissions(handle, 50_000);
      const large = await exportCsv(server, cookie);
      figures.csv = { small, large };
      for (const run of [small, large])
        line(
          `${label} submissions CSV, ${run.rows} rows (${run.mb} MB, ${run.seconds.toFixed(1)} s): RSS before / peak`,
          `${run.before} / ${run.peak} MB`,
          "≤ 250",
          run.peak <= 250,
        );
      const growth = large.peak - large.before - (small.peak - small.before);
      line(`${label} CSV memory growth, 50k rows against 10k (MB)`, growth.toFixed(1), "flat (≤ 20)", growth <= 20);
      figures.rssPeakMb = Math.max(figures.rssPeakMb, large.peak, small.peak);
    }
    return figures;
  } finally {
    await server?.stop();
    await handle.close();
    if (!postgresUrl) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const GOALS = { availability: 10, booking: 50, admin: 100, rss: 250 };

/** Both sizes measured, then one table: each figure at 1 year, at 3 years, their ratio, the goal. */
export async function historyFigures(options: { seconds: number; postgres: boolean; line: Line }) {
  const { line } = options;
  const fromEnv = process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : null;
  let cluster: PostgresCluster | undefined;
  const postgresUrl = fromEnv ?? (options.postgres ? (cluster = await startPostgres()).url : null);
  const database = postgresUrl ? "PostgreSQL" : "SQLite";
  const [load1, load5] = os.loadavg();
  console.log(
    `\nA salon with history on ${database} (load average ${load1.toFixed(1)} / ${load5.toFixed(1)}, ${os.cpus().length} cores)`,
  );
  const sizes: (SizeFigures & { csv?: unknown })[] = [];
  try {
    for (const years of YEARS)
      sizes.push(await measureSize(years, postgresUrl, options.seconds, line, years === YEARS[YEARS.length - 1]));
  } finally {
    await cluster?.stop();
  }

  const [one, three] = sizes;
  const row = (label: string, a: number, b: number, goal: number | null, unit = "ms") => {
    const ratio = a > 0 ? (b / a).toFixed(2) : "–";
    line(
      `${label} (${unit}) 1y / 3y, ×`,
      `${a} / ${b}  ×${ratio}`,
      goal === null ? undefined : `≤ ${goal}`,
      goal === null ? undefined : b <= goal && a <= goal,
    );
  };
  console.log("");
  row("rows: bookings", one.rows.bookings, three.rows.bookings, null, "rows");
  row("rows: clients", one.rows.clients, three.rows.clients, null, "rows");
  // A run in which no request was answered has no latency: NaN prints as such and misses its goal.
  const p99 = (l: LoadFigure) => (l.ok > 0 ? l.p99 : Number.NaN);
  row(
    "availability of a day, 10 clients, p99",
    p99(one.availabilityDay),
    p99(three.availabilityDay),
    GOALS.availability,
  );
  row(
    "booking page + two-week strip, 10 clients, p99",
    p99(one.availabilityStrip),
    p99(three.availabilityStrip),
    GOALS.availability,
  );
  row("booking POST, 16 clients, p99 (16 first not counted)", one.booking.p99, three.booking.p99, GOALS.booking);
  row("booking POST, 16 clients, p50", one.booking.p50, three.booking.p50, null);
  for (const [i, run] of one.booking.fewer.entries()) {
    const clients = `${run.clients} ${run.clients === 1 ? "client" : "clients"}`;
    row(`booking POST, ${clients}, p99`, run.p99, three.booking.fewer[i].p99, null);
  }
  const steady = `booking POST, 16 clients at a steady ${one.booking.steady.steadyRate}/s`;
  row(`${steady}, p50`, one.booking.steady.p50, three.booking.steady.p50, null);
  row(`${steady}, p99`, one.booking.steady.p99, three.booking.steady.p99, null);
  const pageNames = Object.keys(one.admin);
  for (const [i, name] of pageNames.entries()) {
    const label = name.startsWith("client with") ? "client's page (most bookings)" : name;
    const [a, b] = [one.admin[name], Object.values(three.admin)[i]];
    row(`admin ${label}, p95`, a.p95, b.p95, GOALS.admin);
    row(`admin ${label}, server CPU per request`, a.cpuMs, b.cpuMs, null);
  }
  row("server RSS, peak", one.rssPeakMb, three.rssPeakMb, GOALS.rss, "MB");
  for (const size of sizes) {
    // Server CPU per answer does not depend on how busy the shared machine is, unlike the latencies.
    const cpu = (l: LoadFigure) =>
      `${l.cpu.client} / ${l.cpu.server ?? "?"} (${l.cpu.server === null ? "?" : ((l.cpu.server / l.requestsPerSecond) * 1000).toFixed(1)} ms/answer)`;
    line(`[history ${size.years}y] availability of a day: CPU cores load tool / server`, cpu(size.availabilityDay));
    line(`[history ${size.years}y] booking page + strip: CPU cores load tool / server`, cpu(size.availabilityStrip));
    line(
      `[history ${size.years}y] availability, day / strip: req/s`,
      `${size.availabilityDay.requestsPerSecond.toFixed(0)} / ${size.availabilityStrip.requestsPerSecond.toFixed(0)}`,
    );
    line(`[history ${size.years}y] bookings stored of tried`, `${size.booking.booked} of ${size.booking.tried}`);
    // Clients that never pause wait in line: at this rate their median cannot be under clients ÷ rate.
    for (const run of [size.booking, ...size.booking.fewer])
      line(
        `[history ${size.years}y] booking POST, ${run.clients} at once: bookings/s, CPU per booking, p50 / p99, clients ÷ rate`,
        `${run.perSecond}/s, ${run.cpuMs} ms, ${run.p50} / ${run.p99} ms, ${((run.clients / run.perSecond) * 1000).toFixed(0)} ms`,
      );
    const { steady } = size.booking;
    line(
      `[history ${size.years}y] booking POST, up to 16 at once at a steady ${steady.steadyRate}/s: bookings/s, CPU per booking, p50 / p99`,
      `${steady.perSecond}/s, ${steady.cpuMs} ms, ${steady.p50} / ${steady.p99} ms`,
    );
  }
  return { database, sizes };
}
