import path from "node:path";
import { openDatabase, type DatabaseHandle } from "~/server/db/database.server";

let handle: DatabaseHandle | undefined;

/** The main e2e server's database, to check what a person's actions stored. */
export function e2eDb() {
  const root = process.env.E2E_DATA_ROOT;
  if (!root) throw new Error("E2E_DATA_ROOT is not set: run through playwright.config.ts");
  handle ??= openDatabase({ databaseUrl: process.env.E2E_DATABASE_URL, dataDir: path.join(root, "main") });
  return handle.db;
}

export async function submissionById(id: number) {
  return e2eDb().selectFrom("form_submissions").selectAll().where("id", "=", id).executeTakeFirst();
}
