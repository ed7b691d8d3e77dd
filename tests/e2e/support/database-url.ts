import { isPostgresUrl } from "~/server/db/database.server";
import { createDatabase as createDatabaseIn } from "../../support/postgres";

/**
 * The end-to-end suite runs once per database: on SQLite (each server a file in its data dir) and,
 * under scripts/with-postgres.ts, on PostgreSQL, where every server gets a database of its own in
 * the throwaway cluster (DATABASE_URL names the cluster's first database).
 */
export const e2eCluster = isPostgresUrl(process.env.DATABASE_URL) ? process.env.DATABASE_URL! : undefined;
export const e2eDialect = e2eCluster ? "postgres" : "sqlite";

/** The URL of another database in the same cluster. */
export function databaseUrl(name: string): string {
  const url = new URL(e2eCluster!);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

export async function createDatabase(name: string): Promise<string> {
  await createDatabaseIn(e2eCluster!, name);
  return databaseUrl(name);
}
