/**
 * Vitest global setup: the production build when it is missing or stale, and one migrated template
 * database per run, which every test database is copied from (tests/support/test-db.ts) instead of
 * migrating each one afresh. On SQLite the template is a file; on PostgreSQL a database in the
 * throwaway cluster, copied with CREATE DATABASE … TEMPLATE.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { isPostgresUrl, migrateToLatest, openDatabase } from "~/server/db/database.server";
import { ensureBuild } from "../../scripts/ensure-build";
import { quoteIdent } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** SQLite: the template file's path. PostgreSQL: the template database's name. */
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  // The HTTP tests start the production build: build it once here, before the workers start, rather
  // than in several workers at once on a fresh clone.
  ensureBuild();
  return setupTemplateDatabase(project);
}

/**
 * The migrated template database alone: the global setup of the mutation run (vitest.mutation.config.ts),
 * which runs no test that starts the production server and must not build from mutated sources.
 */
export async function setupTemplateDatabase(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "salon-template-"));

  if (isPostgresUrl(serverUrl)) {
    const name = `template_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const handle = openDatabase({ databaseUrl: url.toString(), dataDir });
    await migrateToLatest(handle.db);
    await handle.close();
    project.provide("templateDatabase", name);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }

  const file = path.join(dataDir, "template.db");
  const handle = openDatabase({ databaseUrl: `file:${file}`, dataDir });
  await migrateToLatest(handle.db);
  await handle.close();
  // A copy must be the whole database: nothing may be left in a write-ahead log beside the file.
  if (fs.existsSync(`${file}-wal`) && fs.statSync(`${file}-wal`).size > 0)
    throw new Error("the template database's WAL was not checkpointed on close");
  project.provide("templateDatabase", file);
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
}
