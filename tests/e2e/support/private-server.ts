import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { PageContent } from "~/content";
import type { PageId } from "~/lib/content-rules";
import { ContentService } from "~/server/content/content.server";
import { migrateToLatest, openDatabase, type Db } from "~/server/db/database.server";
import { seedDefaults } from "~/server/content/seed.server";
import { createDatabase, e2eCluster } from "./database-url";

/**
 * A server of its own for a test that changes what every page reads (content, slides, hours).
 * The main e2e server caches merged content in memory and is shared by every test running in
 * parallel, so rows written behind its back would neither show nor stay private. This one gets a
 * new database (SQLite, or PostgreSQL in the suite's PostgreSQL run), prepared before it starts,
 * so its first read sees the rows.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");

export interface PrivateServer {
  baseURL: string;
  db: Db;
  stop(): Promise<void>;
}

export interface Preparation {
  db: Db;
  /** Writes content rows as an editor's save would (sections and types as docs/product.md has them). */
  saveContent<P extends PageId>(page: P, values: Partial<Record<keyof PageContent<P> & string, string>>): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The private server exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The private server did not answer within ${timeoutMs} ms:\n${output()}`);
}

export async function startPrivateServer(
  prepare: (p: Preparation) => Promise<void> = async () => {},
  /** Extra environment for the server (e.g. an https PUBLIC_URL). */
  options: { env?: Record<string, string> } = {},
): Promise<PrivateServer> {
  const root = process.env.E2E_DATA_ROOT ?? os.tmpdir();
  const dataDir = path.join(root, `private-${randomBytes(6).toString("hex")}`);
  fs.mkdirSync(dataDir, { recursive: true });
  // Image variants are kept in the main server's cache, so each is made once per run, not once
  // per server (a variant is named by its source, width and format, and written whole or not at all).
  const sharedCache = path.join(root, "main", "cache");
  fs.mkdirSync(sharedCache, { recursive: true });
  fs.symlinkSync(sharedCache, path.join(dataDir, "cache"), "dir");
  const databaseUrl = e2eCluster ? await createDatabase(`e2e_${path.basename(dataDir).replace(/-/g, "_")}`) : undefined;
  const handle = openDatabase({ dataDir, databaseUrl });
  await migrateToLatest(handle.db);
  await seedDefaults(handle.db);
  const content = new ContentService(handle.db);
  await prepare({
    db: handle.db,
    saveContent: (page, values) => content.save(page, values as Record<string, string>),
  });

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: baseURL,
    ADMIN_EMAIL: "owner@aurelia.test",
    ADMIN_PASSWORD: "correct-horse-battery",
    LOG_LEVEL: "warn",
    IMAGE_PREWARM: "off",
    NODE_ENV: "production",
    ...options.env,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(ROOT, "build/server.js")], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += String(chunk)));
  child.stderr?.on("data", (chunk) => (output += String(chunk)));

  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    await handle.close();
  };
  try {
    await waitForHealth(baseURL, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, db: handle.db, stop };
}
