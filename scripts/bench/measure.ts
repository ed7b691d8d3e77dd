import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { chromium } from "@playwright/test";
import { freePort } from "../../tests/support/postgres";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../chromium";

/** The public routes every figure is reported for. */
export const PUBLIC_ROUTES = [
  "/",
  "/about",
  "/contact",
  "/services",
  "/services/facial",
  "/services/hair",
  "/services/facials",
  "/bookings",
  "/book/hair",
  "/suites",
];

export interface JsFigure {
  route: string;
  files: string[];
  gzipBytes: number;
  adminChunks: string[];
}

/**
 * First-load JavaScript of each public route as a browser really fetches it: every script the page
 * requests while it loads and is scrolled through (lazy features included), gzipped size summed.
 * An admin chunk is any script of the React app (/assets/*.js): public pages must request none.
 */
export async function measurePublicJs(baseUrl: string): Promise<JsFigure[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const figures: JsFigure[] = [];
  try {
    for (const route of PUBLIC_ROUTES) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const scripts = new Map<string, number>();
      page.on("response", async (response) => {
        if (response.request().resourceType() !== "script") return;
        const body = await response.body().catch(() => Buffer.alloc(0));
        scripts.set(new URL(response.url()).pathname, gzipSync(body).length);
      });
      await page.goto(baseUrl + route, { waitUntil: "networkidle" });
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 500) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 30));
        }
      });
      await page.waitForLoadState("networkidle");
      const files = [...scripts.keys()];
      figures.push({
        route,
        files,
        gzipBytes: [...scripts.values()].reduce((a, b) => a + b, 0),
        adminChunks: files.filter((f) => f.startsWith("/assets/") && f.endsWith(".js")),
      });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return figures;
}

export interface LoadFigure {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ok: number;
  errors: number;
  /**
   * CPU used per second of the run, in cores: by this process (the load generator) and, when its
   * pid is given, by the server. A figure is the server's only while the client stays well below it.
   */
  cpu: { client: number; server: number | null };
}

/** User + system CPU time of a process in seconds, from /proc (Linux); null elsewhere. */
export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
const CLOCK_TICKS_PER_SECOND = 100;

/** autocannon against one URL; latencies in milliseconds. */
export async function load(options: {
  url: string;
  connections: number;
  durationSeconds: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Requests per second for all connections together (open loop); as fast as answered when unset. */
  overallRate?: number;
  /** The server's process id: its CPU use is reported beside the client's. */
  serverPid?: number;
}): Promise<LoadFigure> {
  const clientBefore = process.cpuUsage();
  const serverBefore = options.serverPid ? processCpuSeconds(options.serverPid) : null;
  const began = performance.now();
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    overallRate: options.overallRate,
    method: options.method ?? "GET",
    headers: options.headers,
    body: options.body,
  });
  const wallSeconds = (performance.now() - began) / 1000;
  const client = process.cpuUsage(clientBefore);
  const serverAfter = options.serverPid ? processCpuSeconds(options.serverPid) : null;
  const cores = (seconds: number) => Math.round((seconds / wallSeconds) * 100) / 100;
  return {
    cpu: {
      client: cores((client.user + client.system) / 1e6),
      server: serverBefore !== null && serverAfter !== null ? cores(serverAfter - serverBefore) : null,
    },
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result["2xx"],
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * nginx (Debian's) serving one saved HTML file precompressed (`gzip_static`, the `.gz` made once
 * with gzip -9), one worker like our one Node process (and `/ceiling`, a trivial answer): the yardstick for the server's speed with
 * the headers a browser sends. Null when nginx is not installed. Throws when nginx does not answer
 * 200 with the compressed file: a baseline that is not what it claims would make every ratio a lie.
 */
export async function startNginx(
  html: string,
): Promise<{ url: string; ceilingUrl: string; pid: number; stop: () => void } | null> {
  const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));
  if (!nginx) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salon-nginx-"));
  fs.chmodSync(dir, 0o755);
  fs.writeFileSync(path.join(dir, "index.html"), html);
  fs.writeFileSync(path.join(dir, "index.html.gz"), gzipSync(html, { level: 9 }));
  for (const file of ["index.html", "index.html.gz"]) fs.chmodSync(path.join(dir, file), 0o644);
  const port = await freePort();
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  gzip_static on;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    location / { default_type text/html; try_files /index.html =404; }
    # The trivial answer a load generator's ceiling is measured against.
    location = /ceiling { default_type text/plain; return 200 "ok\n"; }
  }
}
`,
  );
  const child = spawn(nginx, ["-c", path.join(dir, "nginx.conf"), "-p", dir], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}/`;
  const stop = () => {
    child.kill("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
  };
  let answer: { status: number; encoding: string | undefined } | undefined;
  for (let i = 0; i < 100 && !answer; i++) {
    answer = await rawGet(url, { "Accept-Encoding": BROWSER_ACCEPT_ENCODING }).catch(() => undefined);
    if (!answer) await new Promise((r) => setTimeout(r, 100));
  }
  if (answer?.status !== 200 || answer.encoding !== "gzip") {
    stop();
    throw new Error(
      `nginx did not serve the precompressed page (status ${answer?.status ?? "none"}, encoding ${answer?.encoding ?? "none"}): no baseline, no ratio`,
    );
  }
  return { url, ceilingUrl: `${url}ceiling`, pid: child.pid!, stop };
}

/** What Chromium sends: every page figure is measured with it, never a friendlier request. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** One GET without decoding (fetch would hide the encoding): its status, Content-Encoding and X-Cache. */
export function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; encoding: string | undefined; cache: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        res.resume();
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: res.headers["content-encoding"],
            cache: res.headers["x-cache"] as string | undefined,
          }),
        );
      })
      .on("error", reject);
  });
}

export interface LighthouseFigure {
  route: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Lighthouse's display values of the performance metrics (FCP, LCP, TBT, CLS, speed index). */
  metrics: Record<string, string>;
  /** LCP (ms) of each measured run; the figure is the run with the median LCP. */
  lcpRuns: number[];
  lcpElement: string;
  /** Where the LCP's time goes (ms): time to first byte, load delay, load time, render delay. */
  lcpPhases: Record<string, number>;
  /** What held the first paint back: each render-blocking resource and the ms Lighthouse puts on it. */
  renderBlocking: { url: string; wastedMs: number }[];
}

interface TableDetails {
  type?: string;
  items?: unknown[];
}

/** The phase table of Lighthouse's largest-contentful-paint-element audit (TTFB, load delay, …). */
function lcpPhases(details: unknown): Record<string, number> {
  const tables = ((details as TableDetails | undefined)?.items ?? []) as TableDetails[];
  const phases = tables.flatMap((t) => (t.items ?? []) as { phase?: string; timing?: number }[]);
  return Object.fromEntries(
    phases.filter((p) => p.phase && typeof p.timing === "number").map((p) => [p.phase!, Math.round(p.timing!)]),
  );
}

/** Lighthouse's mobile preset (its default) in a full Chromium (CHROMIUM_PATH), one fresh browser per page. */
export async function runLighthouse(baseUrl: string, routes: string[]): Promise<LighthouseFigure[]> {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const figures: LighthouseFigure[] = [];
  for (const route of routes) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
    try {
      const audit = () =>
        lighthouse(baseUrl + route, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          // A first visit: Lighthouse empties the HTTP cache but keeps local storage unless told,
          // and a page that finds this browser's "has the web fonts" mark (app/lib/web-fonts.ts)
          // asks for them at once, a visit with an empty cache never has.
          clearStorageTypes: ["file_systems", "shader_cache", "service_workers", "cache_storage", "local_storage"],
        });
      // A first, discarded run makes the server ready as it is for any visitor but the very first:
      // image variants encoded, page cached, code compiled. Lighthouse empties the browser's
      // cache before each run, so each measured run is still a first visit for the browser.
      await audit();
      // Simulated LCP moves by a few hundred ms from run to run here: the figure is the median of three.
      const runs: Awaited<ReturnType<typeof audit>>[] = [];
      for (let i = 0; i < 3; i++) runs.push(await audit());
      const lcpOf = (run: Awaited<ReturnType<typeof audit>>) =>
        run?.lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.POSITIVE_INFINITY;
      const byLcp = [...runs].sort((a, b) => lcpOf(a) - lcpOf(b));
      const result = byLcp[1];
      const categories = result?.lhr.categories ?? {};
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      figures.push({
        route,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        metrics: Object.fromEntries(
          [
            "first-contentful-paint",
            "largest-contentful-paint",
            "total-blocking-time",
            "cumulative-layout-shift",
            "speed-index",
          ].map((id) => [id, result?.lhr.audits[id]?.displayValue ?? "?"]),
        ),
        lcpRuns: runs.map((run) => Math.round(lcpOf(run))),
        lcpElement: JSON.stringify(result?.lhr.audits["largest-contentful-paint-element"]?.details ?? null).slice(
          0,
          400,
        ),
        lcpPhases: lcpPhases(result?.lhr.audits["largest-contentful-paint-element"]?.details),
        renderBlocking: (
          ((result?.lhr.audits["render-blocking-insight"]?.details as TableDetails | undefined)?.items ?? []) as {
            url?: string;
            wastedMs?: number;
          }[]
        ).map((item) => ({ url: item.url ?? "?", wastedMs: Math.round(item.wastedMs ?? 0) })),
      });
    } finally {
      chrome.kill();
    }
  }
  return figures;
}
