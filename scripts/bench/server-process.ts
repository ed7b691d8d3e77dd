import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../tests/support/postgres";
import { MALLOC_ARENA_MAX, SERVER_NODE_FLAGS } from "../server-env";

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** SIGTERM and wait for exit (graceful shutdown). */
  stop(): Promise<number | null>;
  /** SIGKILL and wait for exit: a crash. */
  kill(): Promise<void>;
  /** What the server printed on stdout and stderr so far (only with `captureOutput`). */
  output(): string;
}

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Starts the production server (build must exist) as a child process on a free port, with its own
 * data directory unless one is given, and waits until /healthz answers.
 */
export async function startServer(
  options: {
    env?: Record<string, string>;
    dataDir?: string;
    port?: number;
    /** The compiled server (default), or what `npm start` runs: it checks the build first. */
    entry?: "build/server.js" | "scripts/start.ts";
    captureOutput?: boolean;
  } = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "salon-bench-"));
  const url = `http://127.0.0.1:${port}`;
  const entry = options.entry ?? path.join(process.env.BUILD_DIR ?? "build", "server.js");
  // BENCH_CPU_PROF=dir: the server writes a V8 CPU profile there when it stops (where its time goes).
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...profile, ...(entry.endsWith(".ts") ? ["--import", "tsx", entry] : [entry])],
    {
      cwd: root,
      stdio: ["ignore", options.captureOutput ? "pipe" : "ignore", options.captureOutput ? "pipe" : "inherit"],
      env: {
        MALLOC_ARENA_MAX,
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        LOG_LEVEL: "error",
        IMAGE_PREWARM: "off",
        ADMIN_EMAIL: "owner@aurelia.test",
        ADMIN_PASSWORD: "correct-horse-battery",
        ...options.env,
      },
    },
  );
  let output = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("server did not become ready in 60 s");
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    dataDir,
    child,
    stop: async () => {
      child.kill("SIGTERM");
      return exited;
    },
    kill: async () => {
      child.kill("SIGKILL");
      await exited;
    },
    output: () => output,
  };
}
