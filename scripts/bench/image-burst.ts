/**
 * A burst of first visitors on a fresh install: 200 requests for distinct image variants at once
 * while /healthz is asked in a loop. Run once with the variants made on demand only
 * (IMAGE_PREWARM=off) and once after the background work has made them; prints /healthz p99 and
 * the server's resident memory for each (VmRSS sampled during the burst; VmHWM, the peak, while
 * the background work ran).
 *
 * After the first burst, the same 200 are asked again once every one is on disk: a burst that only
 * reads files, as after the background work, without waiting minutes for all of it. Bursts of files
 * on disk are fired five times in a row, with /healthz timed throughout. The burst and the /healthz
 * loop each run in a process of their own, so neither client's work is timed as the server's.
 *
 *   npx tsx scripts/bench/image-burst.ts
 *   npx tsx scripts/bench/image-burst.ts --on-demand-only     (no background run)
 *   MALLOC_ARENA_MAX=2 npx tsx scripts/bench/image-burst.ts   (glibc's memory arenas capped at two)
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { variantUrl } from "~/lib/images";
import { variantsFor } from "~/server/media/prewarm.server";
import { SITE_PHOTOS } from "~/server/media/site-photos";
import { ensureBuild } from "../ensure-build";
import { startServer, type RunningServer } from "./server-process";

const BURST = 200;
/** Bursts in a row once the files are on disk: /healthz is timed through all of them, so its p99 rests on more than a dozen answers. */
const BURSTS_ON_DISK = 5;

/** The server makes the library's photos in the order it lists them (newest row first). */
const everyVariant = [...SITE_PHOTOS].reverse().flatMap((photo) => variantsFor(`/images/${photo.file}`));
const burst = everyVariant.slice(0, BURST);

function rssMb(server: RunningServer): { now: number; peak: number } {
  const status = fs.readFileSync(`/proc/${server.child.pid}/status`, "utf8");
  const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
  return { now: Math.round(kb("VmRSS") / 1024), peak: Math.round(kb("VmHWM") / 1024) };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * Each client in a process of its own: in this one, 200 bodies arriving at once held the loop that
 * timed /healthz, so the figure measured the client as much as the server.
 */
const HEALTH_POLLER = `
import http from "node:http";
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const times = [];
let stopping = false;
process.on("SIGTERM", () => { stopping = true; });
const ask = () => new Promise((resolve, reject) => {
  const started = performance.now();
  http.get(process.argv[1] + "/healthz", { agent }, (res) => {
    res.resume();
    res.on("end", () => resolve(performance.now() - started));
  }).on("error", reject);
});
times.push(await ask());
process.stdout.write("ready\\n");
while (!stopping) {
  times.push(await ask());
  await new Promise((resolve) => setTimeout(resolve, 5));
}
process.stdout.write(JSON.stringify(times.slice(1)) + "\\n");
`;

const BURST_CLIENT = `
import http from "node:http";
const urls = JSON.parse(process.argv[2]);
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const started = performance.now();
const statuses = await Promise.all(urls.map((url) => new Promise((resolve) => {
  http.get(process.argv[1] + url, { agent }, (res) => {
    res.resume();
    res.on("end", () => resolve(res.statusCode));
  }).on("error", () => resolve(0));
})));
process.stdout.write(JSON.stringify({ seconds: (performance.now() - started) / 1000, statuses }) + "\\n");
`;

/** A Node program in a process of its own; resolves with what it printed once it has printed `until` (or ended). */
function child(source: string, args: string[]) {
  const proc = spawn(process.execPath, ["--input-type=module", "-e", source, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  proc.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  const ended = new Promise<string>((resolve) => proc.on("close", () => resolve(out)));
  const printed = (text: string) =>
    new Promise<void>((resolve) => {
      const check = () => (out.includes(text) ? resolve() : setTimeout(check, 5));
      check();
    });
  return { proc, ended, printed };
}

/** Bursts of the 200 variants (one after another), /healthz asked every 5 ms meanwhile from another process. */
async function fireBurst(server: RunningServer, bursts = 1) {
  const poller = child(HEALTH_POLLER, [server.url]);
  await poller.printed("ready");
  let rssDuring = 0;
  const sampling = setInterval(() => (rssDuring = Math.max(rssDuring, rssMb(server).now)), 20);
  const urls = JSON.stringify(burst.map((v) => variantUrl(v.src, v.width, v.format)));
  const runs: { seconds: number; statuses: number[] }[] = [];
  for (let i = 0; i < bursts; i++) {
    runs.push(JSON.parse(await child(BURST_CLIENT, [server.url, urls]).ended));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  clearInterval(sampling);
  poller.proc.kill("SIGTERM");
  const health = JSON.parse((await poller.ended).trim().split("\n").pop()!) as number[];
  const counts = runs
    .flatMap((r) => r.statuses)
    .reduce<Record<number, number>>((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {});
  return {
    bursts,
    burstSeconds: runs.map((r) => Number(r.seconds.toFixed(2))),
    statuses: counts,
    healthzP50Ms: Number(percentile(health, 50).toFixed(1)),
    healthzP99Ms: Number(percentile(health, 99).toFixed(1)),
    healthzMaxMs: Number(Math.max(...health).toFixed(1)),
    healthzSamples: health.length,
    rssPeakDuringBurstMb: rssDuring,
  };
}

async function run(label: string, prewarm: boolean) {
  const server = await startServer({ env: { IMAGE_PREWARM: prewarm ? "on" : "off" } });
  try {
    let prewarmSeconds: number | undefined;
    if (prewarm) {
      const started = performance.now();
      const file = (v: (typeof burst)[number]) =>
        path.join(server.dataDir, "cache", "img", String(v.width), v.format, v.src);
      // Until the background work is done (every photo), so the burst does not compete with it.
      while (everyVariant.some((v) => !fs.existsSync(file(v))))
        await new Promise((resolve) => setTimeout(resolve, 500));
      prewarmSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
    }
    const rssBefore = rssMb(server);
    const result = await fireBurst(server, prewarm ? BURSTS_ON_DISK : 1);
    console.log(
      JSON.stringify({
        run: label,
        ...(prewarmSeconds === undefined ? {} : { prewarmSeconds, rssPeakWhilePrewarmingMb: rssBefore.peak }),
        ...result,
        rssAfterMb: rssMb(server).now,
      }),
    );
    if (!prewarm) {
      // The ones refused (503) or not yet made, one at a time, then the same burst again.
      for (const v of burst) await (await fetch(server.url + variantUrl(v.src, v.width, v.format))).arrayBuffer();
      const again = await fireBurst(server, BURSTS_ON_DISK);
      console.log(
        JSON.stringify({ run: `${label}, then asked again: files on disk`, ...again, rssAfterMb: rssMb(server).now }),
      );
    }
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

ensureBuild();
await run("before: made on demand", false);
if (!process.argv.includes("--on-demand-only")) await run("after: made in the background", true);
