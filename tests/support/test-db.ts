/**
 * A fresh database per test file, on whichever database the run is for:
 *
 * - SQLite (default): a file in a new temporary directory.
 * - PostgreSQL, when DATABASE_URL is a postgres URL (scripts/with-postgres.ts sets it, and
 *   TEST_DATABASE=postgres): a new database `t_<random>` in that cluster, dropped afterwards.
 *
 * Test files run in parallel workers, so every database gets a random name of its own.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import {
  isPostgresUrl,
  migrateToLatest,
  openDatabase,
  type DatabaseHandle,
  type Db,
  type DialectName,
} from "~/server/db/database.server";
import type { Database } from "~/server/db/schema";
import { quoteIdent } from "./postgres";

export interface TestDatabase {
  db: Db;
  dialect: DialectName;
  /** A directory private to this database (uploads, outbox files …); deleted by destroy(). */
  dataDir: string;
  /** DATABASE_URL of this database, for a server process started on it. */
  url: string;
  /** Closes the connection and deletes the database. */
  destroy(): Promise<void>;
}

const serverUrl = process.env.DATABASE_URL;

/** Which database this run tests, from the environment. */
export const testDialect: DialectName = isPostgresUrl(serverUrl) ? "postgres" : "sqlite";

if (process.env.TEST_DATABASE === "postgres" && testDialect !== "postgres") {
  // A PostgreSQL run that silently tested SQLite would be worse than one that fails.
  throw new Error(
    "TEST_DATABASE=postgres but DATABASE_URL is not a postgres:// URL: run through scripts/with-postgres.ts",
  );
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

async function onServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates a database at the latest schema, copied from the run's migrated template (made once by
 * tests/support/global-setup.ts); with `migrate: false` an empty one.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "salon-it-"));
  let handle: DatabaseHandle;
  let dropDatabase = async () => {};
  let url: string;
  const template = options.migrate === false ? undefined : inject("templateDatabase");

  if (testDialect === "postgres") {
    const name = `t_${randomBytes(8).toString("hex")}`;
    const copy = template ? ` TEMPLATE ${quoteIdent(template)}` : "";
    await onServer((client) => client.query(`CREATE DATABASE ${quoteIdent(name)}${copy}`));
    dropDatabase = () =>
      onServer(async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
      });
    url = withDatabase(serverUrl!, name);
    handle = openDatabase({ databaseUrl: url, dataDir });
  } else {
    const file = path.join(dataDir, "test.db");
    if (template) fs.copyFileSync(template, file);
    url = `file:${file}`;
    handle = openDatabase({ databaseUrl: url, dataDir });
  }

  let destroyed = false;
  const destroy = async () => {
    if (destroyed) return;
    destroyed = true;
    try {
      await handle.close();
      await dropDatabase();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };

  try {
    // Without a template (a caller outside Vitest's global setup), migrate this one.
    if (options.migrate !== false && !template) await migrateToLatest(handle.db);
  } catch (error) {
    await destroy();
    throw error;
  }
  return { db: handle.db, dialect: handle.dialect, dataDir, url, destroy };
}

/**
 * Registers beforeAll/afterAll for a database shared by the tests of one file; call the returned
 * function inside a test to get it.
 */
export function useTestDatabase(options: { migrate?: boolean } = {}): () => TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase(options);
  });
  afterAll(async () => {
    await current?.destroy();
  });
  return () => {
    if (!current) throw new Error("The test database is not ready: call it inside a test or hook");
    return current;
  };
}

/** Empties the given tables (in order), e.g. between tests that share a file's database. */
export async function clearTables(db: Db, tables: (keyof Database)[]): Promise<void> {
  for (const table of tables) await db.deleteFrom(table).execute();
}
