/**
 * The production server, started as a child process on a test database of its own, for tests that
 * check what the server answers over HTTP (status, headers, redirects, JSON, CSV, role refusals)
 * with `fetch`, no browser. Runs on SQLite or PostgreSQL like every integration test.
 *
 *   const server = useTestServer();            // one server per test file
 *   const res = await server().fetch("/admin/dashboard", { as: "editor" });
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { createSession, SESSION_COOKIE } from "~/server/auth/session.server";
import { upsertUser } from "~/server/auth/users.server";
import type { Db } from "~/server/db/database.server";
import type { Role } from "~/server/db/schema";
import { seedDefaults } from "~/server/content/seed.server";
import { startServer, type RunningServer } from "../../scripts/bench/server-process";
import { ensureBuild } from "../../scripts/ensure-build";
import { createTestDatabase, type TestDatabase } from "./test-db";

export const OWNER = { email: "owner@aurelia.test", password: "correct-horse-battery" };

export interface TestServer {
  /** http://127.0.0.1:PORT */
  url: string;
  db: Db;
  database: TestDatabase;
  process: RunningServer;
  /**
   * fetch against the server: paths are relative to it, redirects are not followed, and
   * state-changing requests carry the site's own Origin unless the caller sets one.
   * `as` signs the request in as a new user of that role (null: a user without a role).
   */
  fetch(path: string, init?: RequestInit & { as?: Role | null; cookie?: string }): Promise<Response>;
  /** A new user of the role and a session cookie for them ("name=value"). */
  signIn(role?: Role | null): Promise<{ id: number; email: string; password: string; cookie: string }>;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  /** Extra environment for the server (e.g. an https PUBLIC_URL, a low rate limit). */
  env?: Record<string, string>;
  /** Rows written before the server starts (after migrations and the default seed). */
  prepare?: (db: Db) => Promise<void>;
  /** Keep what the server prints (stdout and stderr) for `process.output()` instead of showing it. */
  captureOutput?: boolean;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  ensureBuild();
  const database = await createTestDatabase();
  let running: RunningServer | undefined;
  try {
    await seedDefaults(database.db);
    await options.prepare?.(database.db);
    running = await startServer({
      dataDir: database.dataDir,
      captureOutput: options.captureOutput,
      env: {
        DATABASE_URL: database.url,
        ADMIN_EMAIL: OWNER.email,
        ADMIN_PASSWORD: OWNER.password,
        FORM_RATE_LIMIT: "100000",
        BOOKING_RATE_LIMIT: "100000",
        LOGIN_MAX_FAILURES: "100000",
        OUTBOX_POLL_MS: "60000",
        IMAGE_PREWARM: "off",
        ...options.env,
      },
    });
  } catch (error) {
    await database.destroy();
    throw error;
  }
  const server = running;
  const url = server.url;

  const signIn: TestServer["signIn"] = async (role = "admin") => {
    const email = `${role ?? "norole"}-${randomBytes(4).toString("hex")}@aurelia.test`;
    const password = "a-long-enough-password";
    const { id } = await upsertUser(database.db, { email, password, role });
    const token = await createSession(database.db, { userId: id, aal: "aal1", userAgent: "vitest", ip: "127.0.0.1" });
    return { id, email, password, cookie: `${SESSION_COOKIE}=${token}` };
  };

  return {
    url,
    db: database.db,
    database,
    process: server,
    signIn,
    async fetch(path, init = {}) {
      const { as, cookie, ...rest } = init;
      const headers = new Headers(rest.headers);
      const method = (rest.method ?? "GET").toUpperCase();
      if (!["GET", "HEAD"].includes(method) && !headers.has("Origin")) headers.set("Origin", url);
      const cookies = [cookie, as !== undefined ? (await signIn(as)).cookie : undefined, headers.get("Cookie")]
        .filter(Boolean)
        .join("; ");
      if (cookies) headers.set("Cookie", cookies);
      return fetch(new URL(path, url), { redirect: "manual", ...rest, headers });
    },
    async stop() {
      await server.stop();
      await database.destroy();
    },
  };
}

/** One server for the tests of a file: started before them, stopped after them. */
export function useTestServer(options: TestServerOptions = {}): () => TestServer {
  let current: TestServer | undefined;
  beforeAll(async () => {
    current = await startTestServer(options);
  }, 120_000);
  afterAll(async () => {
    await current?.stop();
  });
  return () => {
    if (!current) throw new Error("The test server is not ready: call it inside a test or hook");
    return current;
  };
}
