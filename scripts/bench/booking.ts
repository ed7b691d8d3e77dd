import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { BOOKING_SETTINGS_DEFAULTS } from "../../app/lib/booking/settings";
import { openDatabase } from "../../app/server/db/database.server";
import { createStaff } from "../../app/server/booking/people/staff.server";
import { load, type LoadFigure } from "./measure";
import type { RunningServer } from "./server-process";

interface ServiceAnswer {
  id: string;
  options: { name: string; durationMinutes: number }[];
}

interface Target {
  service: string;
  option: string;
  start: string;
}

export interface BookingFigures {
  seeded: number;
  throughput: { bookingsPerSecond: number; p50: number; p99: number; booked: number; refused: number };
  collision: { tries: number; booked: number; conflicts: number };
  overlapping: number;
  availability: { date: string; bookingsThatDay: number; oneClient: LoadFigure; tenClients: LoadFigure };
  /** A visit of two services, the first with a chosen person, around bookings with processing time. */
  visit: { date: string; slots: number; tenClients: LoadFigure };
}

const DAY = 86_400_000;
const dateAfter = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * Free times that do not overlap one another: every service's first option, over the whole booking
 * window, taken from GET /api/availability like a visitor's browser would, and spread round-robin
 * over services and days.
 */
export async function freeTargets(url: string, count: number): Promise<Target[]> {
  const services = (await (await fetch(`${url}/api/services`)).json()) as ServiceAnswer[];
  const gapMs = (minutes: number) => (minutes + BOOKING_SETTINGS_DEFAULTS.bufferMinutes) * 60_000;
  const perService: Target[][] = [];
  for (const service of services) {
    const option = service.options[0];
    const picks: Target[] = [];
    for (let d = 0; d <= BOOKING_SETTINGS_DEFAULTS.windowDays; d++) {
      const query = new URLSearchParams({ service: service.id, option: option.name, date: dateAfter(d) });
      const day = (await (await fetch(`${url}/api/availability?${query}`)).json()) as { slots?: { start: string }[] };
      let freeFrom = 0;
      for (const { start } of day.slots ?? []) {
        const at = Date.parse(start);
        if (at < freeFrom) continue;
        picks.push({ service: service.id, option: option.name, start });
        freeFrom = at + gapMs(option.durationMinutes);
      }
    }
    perService.push(picks);
  }
  const targets: Target[] = [];
  for (let i = 0; targets.length < count && perService.some((p) => i < p.length); i++) {
    for (const picks of perService) if (i < picks.length && targets.length < count) targets.push(picks[i]);
  }
  if (targets.length < count) throw new Error(`only ${targets.length} free times in the window`);
  return targets;
}

const client = (n: number) => ({
  firstName: "Bench",
  lastName: `Client ${n}`,
  email: `bench-${n}@example.com`,
  // A phone of its own too: one client holds only a few upcoming bookings (maxUpcomingPerClient).
  phone: `(713) 555-${String(n % 10_000).padStart(4, "0")}`,
  agreeToTerms: true,
});

export async function book(url: string, target: Target, n: number): Promise<{ status: number; ms: number }> {
  const began = performance.now();
  const response = await fetch(`${url}/api/bookings`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify({ ...target, ...client(n) }),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - began };
}

/**
 * The clients of a booking load, in a Node process of their own with node:http: each opens its
 * connection first (a GET /healthz), then posts its share of the bookings one after another. With
 * fetch in the bench's own process, the first posts of new connections waited on a client kept busy
 * by the others' answers, and the p99 measured that.
 *
 * With a rate, the n-th booking is due n ÷ rate seconds after the start and is sent then (or as soon
 * as one of the clients is free), and its time counts from when it was due: a booking that waited
 * for a free client waited as a visitor would have (no coordinated omission).
 */
const BOOKING_CLIENTS = `
import http from "node:http";
const [url, bodiesJson, clientsText, rateText] = process.argv.slice(1);
const bodies = JSON.parse(bodiesJson);
const clients = Number(clientsText);
const rate = Number(rateText);
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
const send = (method, path, body, due) => new Promise((resolve) => {
  const began = due ?? performance.now();
  const req = http.request(url + path, { method, agent, headers: body ? { "Content-Type": "application/json", Origin: url } : {} }, (res) => {
    res.resume();
    res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - began }));
  });
  req.on("error", () => resolve({ status: 0, ms: performance.now() - began }));
  req.end(body);
});
await Promise.all(Array.from({ length: clients }, () => send("GET", "/healthz")));
const results = [];
let next = 0;
const began = performance.now();
await Promise.all(Array.from({ length: clients }, async () => {
  while (next < bodies.length) {
    const n = next++;
    const due = rate > 0 ? began + (n * 1000) / rate : undefined;
    if (due !== undefined && due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()));
    results.push(await send("POST", "/api/bookings", bodies[n], due));
  }
}));
process.stdout.write(JSON.stringify({ seconds: (performance.now() - began) / 1000, results }));
`;

/**
 * Books every target through POST /api/bookings with `clients` at once (see BOOKING_CLIENTS); client
 * numbers from `firstClient`. With `perSecond`, the bookings are sent at that steady rate (at most
 * `clients` at once) instead of each client sending its next as soon as it is answered.
 */
export async function bookConcurrently(
  url: string,
  targets: Target[],
  clients: number,
  firstClient: number,
  perSecond = 0,
): Promise<{ seconds: number; results: { status: number; ms: number }[] }> {
  const bodies = targets.map((target, i) => JSON.stringify({ ...target, ...client(firstClient + i) }));
  const child = spawn(
    process.execPath,
    ["--input-type=module", "-e", BOOKING_CLIENTS, url, JSON.stringify(bodies), String(clients), String(perSecond)],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let out = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`the booking clients exited with ${code}`);
  return JSON.parse(out) as { seconds: number; results: { status: number; ms: number }[] };
}

/** Holding bookings of one resource whose times overlap: must be none. */
async function overlappingPairs(dataDir: string): Promise<number> {
  const handle = openDatabase({ dataDir });
  try {
    const row = await sql<{ n: number }>`
      select count(*) as n from bookings a join bookings b
        on a.resource = b.resource and a.id < b.id
       and a.starts_at < b.ends_at and b.starts_at < a.ends_at
     where a.status in ('requested', 'proposed', 'confirmed')
       and b.status in ('requested', 'proposed', 'confirmed')`.execute(handle.db);
    return Number(row.rows[0]?.n ?? 0);
  } finally {
    await handle.close();
  }
}

/**
 * Online booking under load, against a server on a throwaway data directory: `count` bookings of
 * distinct free times through POST /api/bookings (the real reserve path) by `clients` at once —
 * the throughput —, then GET /api/availability of the busiest day with those bookings in the
 * window, then `collisionTries` requests for one same time at once (exactly one may win), and a
 * check that no two holding bookings of one resource overlap.
 */
export async function bookingFigures(
  server: RunningServer,
  options: { count: number; clients: number; seconds: number; collisionTries?: number },
): Promise<BookingFigures> {
  const { url } = server;
  const targets = await freeTargets(url, options.count + 1);
  const spare = targets.pop()!;

  const { seconds: elapsed, results } = await bookConcurrently(url, targets, options.clients, 0);
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  const booked = results.filter((r) => r.status === 201).length;

  // The busiest day of the first service: the most bookings an availability answer has to step around.
  const perDay = new Map<string, number>();
  for (const t of targets.filter((t) => t.service === targets[0].service)) {
    const date = t.start.slice(0, 10);
    perDay.set(date, (perDay.get(date) ?? 0) + 1);
  }
  const busiestFirst = [...perDay].sort((a, b) => b[1] - a[1]);
  const [date, bookingsThatDay] = busiestFirst[0];
  const availabilityUrl = `${url}/api/availability?${new URLSearchParams({ service: targets[0].service, date })}`;
  const serverPid = server.child.pid;
  await load({ url: availabilityUrl, connections: 4, durationSeconds: 1 }); // warm-up
  const oneClient = await load({ url: availabilityUrl, connections: 1, durationSeconds: options.seconds, serverPid });
  const tenClients = await load({ url: availabilityUrl, connections: 10, durationSeconds: options.seconds, serverPid });

  const tries = options.collisionTries ?? 20;
  const race = await Promise.all(Array.from({ length: tries }, (_, i) => book(url, spare, 10_000 + i)));
  const overlapping = await overlappingPairs(server.dataDir);

  // Last: it adds people and gives them the held bookings, so the spare time above is no longer free.
  const visit = await visitAvailability(
    server,
    busiestFirst.map(([day]) => day),
    options.seconds,
  );

  return {
    seeded: booked,
    throughput: {
      bookingsPerSecond: booked / elapsed,
      p50: Math.round(percentile(latencies, 50)),
      p99: Math.round(percentile(latencies, 99)),
      booked,
      refused: targets.length - booked,
    },
    collision: {
      tries,
      booked: race.filter((r) => r.status === 201).length,
      conflicts: race.filter((r) => r.status === 409).length,
    },
    overlapping,
    availability: { date, bookingsThatDay, oneClient, tenClients },
    visit,
  };
}

/**
 * GET /api/availability for a visit of hair (with a chosen person) then nails (anyone), on the
 * busiest day that still has free times for it: the held hair bookings become that person's, each
 * with processing time in its middle, and two people do nails. (The busiest days are fully booked
 * for that person: an empty answer would measure the read alone, not the walk over the day's times.)
 * Run last, as it changes who does what.
 */
async function visitAvailability(
  server: RunningServer,
  busiestFirst: string[],
  seconds: number,
): Promise<BookingFigures["visit"]> {
  const handle = openDatabase({ dataDir: server.dataDir });
  const db = handle.db;
  try {
    const actor = { userId: null, email: "bench@localhost" };
    const bea = await createStaff(db, actor, {
      name: "Bea",
      email: "",
      photoUrl: "",
      services: ["hair", "nails"],
      hours: null,
    });
    await createStaff(db, actor, { name: "Cleo", email: "", photoUrl: "", services: ["nails"], hours: null });
    const hair = await db.selectFrom("bookings").selectAll().where("service", "=", "hair").execute();
    for (const row of hair) {
      const third = Math.floor(row.duration_minutes / 3);
      const part = {
        service: row.service,
        option: row.option_name,
        price: row.price,
        resource: `staff:${bea.id}`,
        staffId: bea.id,
        offsetMinutes: 0,
        durationMinutes: row.duration_minutes,
        ...(third >= 5 ? { processing: { afterMinutes: third, minutes: third } } : {}),
      };
      await db
        .updateTable("bookings")
        .set({ resource: part.resource, staff_id: bea.id, parts: JSON.stringify([part]) })
        .where("id", "=", row.id)
        .execute();
    }
    const visitUrl = (date: string) => {
      const query = new URLSearchParams({ service: "hair", staff: String(bea.id), date });
      query.append("service", "nails");
      query.append("staff", "any");
      return `${server.url}/api/availability?${query}`;
    };
    let chosen = { date: busiestFirst[0], slots: 0 };
    for (const date of busiestFirst) {
      const day = (await (await fetch(visitUrl(date))).json()) as { slots?: unknown[] };
      if (day.slots?.length) {
        chosen = { date, slots: day.slots.length };
        break;
      }
    }
    const url = visitUrl(chosen.date);
    await load({ url, connections: 4, durationSeconds: 1 }); // warm-up
    return {
      ...chosen,
      tenClients: await load({ url, connections: 10, durationSeconds: seconds, serverPid: server.child.pid }),
    };
  } finally {
    await handle.close();
  }
}
