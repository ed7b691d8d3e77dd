/**
 * A burst of first visitors on a fresh install: 200 requests for distinct image variants at once
 * while /healthz is asked in a loop. Run once with the variants made on demand only
 * (IMAGE_PREWARM=off) and once after the background work has made them; prints /healthz p99 and
 * the server's resident memory for each (VmRSS sampled during the burst; VmHWM, the peak, while
 * the background work ran).
 *
 * After the first burst, the same 200 are asked again once every one is on disk: a burst that only
 * reads files, as after the background work, without waiting minutes for all of it.
 *
 *   npx tsx scripts/bench/image-burst.ts
 *   npx tsx scripts/bench/image-burst.ts --on-demand-only     (no background run)
 *   MALLOC_ARENA_MAX=2 npx tsx scripts/bench/image-burst.ts   (glibc's memory arenas capped at two)
 */
import fs from "node:fs";
import path from "node:path";
import { variantUrl } from "~/lib/images";
import { variantsFor } from "~/server/media/prewarm.server";
import { SITE_PHOTOS } from "~/server/media/site-photos";
import { ensureBuild } from "../ensure-build";
import { startServer, type RunningServer } from "./server-process";

const BURST = 200;

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

async function fireBurst(server: RunningServer) {
  const health: number[] = [];
  let rssDuring = 0;
  let done = false;
  const poll = (async () => {
    while (!done) {
      const started = performance.now();
      await (await fetch(`${server.url}/healthz`)).arrayBuffer();
      health.push(performance.now() - started);
      rssDuring = Math.max(rssDuring, rssMb(server).now);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const started = performance.now();
  const statuses = await Promise.all(
    burst.map(async (v) => {
      const response = await fetch(server.url + variantUrl(v.src, v.width, v.format));
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await poll;
  const counts = statuses.reduce<Record<number, number>>((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {});
  return {
    burstSeconds: Number(seconds.toFixed(2)),
    statuses: counts,
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
    const result = await fireBurst(server);
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
      const again = await fireBurst(server);
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
