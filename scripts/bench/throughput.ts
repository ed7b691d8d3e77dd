/**
 * Public pages under load, as browsers ask for them, beside nginx serving the same bytes with
 * gzip_static: the ratio of the two is the goal. Driven by wrk (Debian's `wrk`) when installed, a
 * load generator in C that is not the bottleneck; else by autocannon in this process, which is.
 * Either way the generator's own ceiling (its rate against a trivial answer from nginx) is printed
 * beside the figures, so a reader sees whether the server or the generator was measured.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import { BROWSER_ACCEPT_ENCODING, load, rawGet, startNginx } from "./measure";

const run = promisify(execFile);

/** What Chromium sends when a visitor opens a page (no cookies: a first visit). */
export const BROWSER_PAGE_HEADERS: Record<string, string> = {
  Accept:
    "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7",
  "Accept-Encoding": BROWSER_ACCEPT_ENCODING,
  "Accept-Language": "en-US,en;q=0.9",
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Sec-Ch-Ua": '"Chromium";v="131", "Not_A Brand";v="24"',
  "Sec-Ch-Ua-Mobile": "?0",
  "Sec-Ch-Ua-Platform": '"Linux"',
  "Sec-Fetch-Dest": "document",
  "Sec-Fetch-Mode": "navigate",
  "Sec-Fetch-Site": "none",
  "Sec-Fetch-User": "?1",
  "Upgrade-Insecure-Requests": "1",
};

/** wrk's settings: two threads (the machine's cores) and 32 connections. */
const THREADS = 2;
const CONNECTIONS = 32;

export interface Rate {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU the serving process used per answer, in µs (null when it could not be read). */
  cpuMicrosPerAnswer: number | null;
}

export type Line = (label: string, value: string, goal?: string, ok?: boolean) => void;

function wrkPath(): string | null {
  return ["/usr/bin/wrk", "/usr/local/bin/wrk"].find((p) => fs.existsSync(p)) ?? null;
}

/** User + system CPU seconds of these processes, from /proc (Linux); null elsewhere. */
function cpuSeconds(pids: number[]): number | null {
  try {
    return pids.reduce((sum, pid) => {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return sum + (Number(fields[11]) + Number(fields[12])) / 100;
    }, 0);
  } catch {
    return null;
  }
}

/** wrk's latency figures ("812.00us", "1.20ms", "2.01s") in milliseconds. */
export function wrkMillis(text: string): number {
  const m = text.match(/^([\d.]+)(us|ms|s|m)$/);
  if (!m) return Number.NaN;
  const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2] as "us" | "ms" | "s" | "m"];
  return Number(m[1]) * scale;
}

/** Requests/s, p50, p99 and errors from `wrk --latency` output. */
export function parseWrk(output: string): Omit<Rate, "cpuMicrosPerAnswer"> & { requests: number } {
  const number = (re: RegExp) => Number(output.match(re)?.[1] ?? Number.NaN);
  const socketErrors = [...(output.match(/Socket errors: (.*)/)?.[1] ?? "").matchAll(/\d+/g)].reduce(
    (sum, m) => sum + Number(m[0]),
    0,
  );
  const errors = (number(/Non-2xx or 3xx responses:\s+(\d+)/) || 0) + socketErrors;
  return {
    requests: number(/(\d+) requests in/),
    requestsPerSecond: number(/Requests\/sec:\s+([\d.]+)/),
    p50: wrkMillis(output.match(/\s50%\s+(\S+)/)?.[1] ?? ""),
    p99: wrkMillis(output.match(/\s99%\s+(\S+)/)?.[1] ?? ""),
    errors,
  };
}

async function measure(url: string, seconds: number, pids: number[]): Promise<Rate> {
  const wrk = wrkPath();
  const before = cpuSeconds(pids);
  if (!wrk) {
    const figure = await load({
      url,
      connections: CONNECTIONS,
      durationSeconds: seconds,
      headers: BROWSER_PAGE_HEADERS,
    });
    const after = cpuSeconds(pids);
    const answers = figure.ok + figure.errors;
    return {
      requestsPerSecond: figure.requestsPerSecond,
      p50: figure.p50,
      p99: figure.p99,
      errors: figure.errors,
      cpuMicrosPerAnswer: before !== null && after !== null && answers ? ((after - before) / answers) * 1e6 : null,
    };
  }
  const headerArgs = Object.entries(BROWSER_PAGE_HEADERS).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const { stdout } = await run(wrk, [
    `-t${THREADS}`,
    `-c${CONNECTIONS}`,
    `-d${seconds}s`,
    "--latency",
    ...headerArgs,
    url,
  ]);
  const after = cpuSeconds(pids);
  const { requests, ...figure } = parseWrk(stdout);
  return {
    ...figure,
    cpuMicrosPerAnswer: before !== null && after !== null && requests ? ((after - before) / requests) * 1e6 : null,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** A process and its children (nginx's master and its worker): their CPU is its share. */
function withChildren(pid: number): number[] {
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    return [pid, ...children.map(Number)];
  } catch {
    return [pid];
  }
}

/**
 * One page as a browser asks for it, against our server and against nginx serving the same page
 * precompressed, in `rounds` alternating runs of `seconds` each (a busy minute on a shared machine
 * then weighs on both alike); each figure is the median of its runs, and the ratio the median of
 * the runs' ratios. Once per call, the generator's ceiling against nginx's trivial answer.
 */
export async function pageThroughput(
  line: Line,
  label: string,
  server: { url: string; pid: number | undefined },
  route: string,
  { seconds, rounds }: { seconds: number; rounds: number },
) {
  const url = server.url + route;
  const wrk = wrkPath();
  const html = await (await fetch(url)).text();
  // The page cache keeps a page once its compressed forms are made, just after the first render: wait for it.
  for (let i = 0; i < 100 && (await rawGet(url, BROWSER_PAGE_HEADERS)).cache !== "HIT"; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const served = await rawGet(url, BROWSER_PAGE_HEADERS);
  const nginx = await startNginx(html);
  const serverPids = server.pid ? [server.pid] : [];
  try {
    // Warm-up of both (JIT, connections), not counted.
    await measure(url, 1, []);
    if (nginx) await measure(nginx.url, 1, []);
    const app: Rate[] = [];
    const baseline: Rate[] = [];
    for (let i = 0; i < rounds; i++) {
      app.push(await measure(url, seconds, serverPids));
      if (nginx) baseline.push(await measure(nginx.url, seconds, withChildren(nginx.pid)));
    }
    const ceiling = nginx ? await measure(nginx.ceilingUrl, seconds, []) : null;
    const appRate = median(app.map((r) => r.requestsPerSecond));
    const cpu = (rates: Rate[]) => {
      const values = rates.map((r) => r.cpuMicrosPerAnswer).filter((v): v is number => v !== null);
      return values.length ? `${median(values).toFixed(0)} µs` : "?";
    };
    const generator = wrk ? `wrk -t${THREADS} -c${CONNECTIONS}` : `autocannon -c${CONNECTIONS}, wrk not installed`;
    line(`[${label}] GET ${route} (${served.encoding ?? "identity"}; ${generator}) requests/s`, appRate.toFixed(0));
    line(
      `[${label}]   p50 / p99 (ms); server CPU per answer`,
      `${median(app.map((r) => r.p50))} / ${median(app.map((r) => r.p99))}; ${cpu(app)}`,
    );
    if (!nginx) {
      line(`[${label}]   nginx baseline`, "not installed (apt-get install nginx-light)");
      return { app, encoding: served.encoding, nginx: null, ratio: null, ceiling: null };
    }
    const ratios = app.map((r, i) => r.requestsPerSecond / baseline[i].requestsPerSecond);
    const ratio = median(ratios);
    line(
      `[${label}]   nginx gzip_static, same page, requests/s; CPU per answer`,
      `${median(baseline.map((r) => r.requestsPerSecond)).toFixed(0)}; ${cpu(baseline)}`,
    );
    line(
      `[${label}]   load generator's ceiling (nginx's trivial answer)`,
      `${ceiling!.requestsPerSecond.toFixed(0)} req/s`,
      "well above both",
      ceiling!.requestsPerSecond > 1.5 * Math.max(appRate, median(baseline.map((r) => r.requestsPerSecond))),
    );
    line(
      `[${label}]   ratio to nginx (runs)`,
      `${ratio.toFixed(2)} (${ratios.map((r) => r.toFixed(2)).join(", ")})`,
      route === "/" ? "≥ 0.6" : undefined,
      route === "/" ? ratio >= 0.6 : undefined,
    );
    return { app, encoding: served.encoding, nginx: baseline, ratio, ceiling };
  } finally {
    nginx?.stop();
  }
}
