/**
 * `npm run restore -- BACKUP_DIR [--force]`: puts a backup made by `npm run backup` back in place
 * (same DATA_DIR / DATABASE_URL settings as the server). Stop the server first: it refuses while the
 * database is in use. What it replaces is kept in DATA_DIR/pre-restore-<timestamp>/.
 * On PostgreSQL it restores the media only and prints the pg_restore command for the database.
 */
import { parseArgs } from "node:util";
import { BackupError, pgRestoreCommand, restoreBackup, sqliteFile } from "../app/server/backup/backup.server";
import { isPostgresUrl } from "../app/server/db/database.server";
import { loadEnv } from "../app/server/env.server";

const USAGE = "Usage: npm run restore -- BACKUP_DIR [--force]   (stop the server first)";

const { positionals, values } = parseArgs({ allowPositionals: true, options: { force: { type: "boolean" } } });
const [backupDir] = positionals;
if (!backupDir || positionals.length > 1) {
  console.error(USAGE);
  process.exit(2);
}

const env = loadEnv();
const postgres = isPostgresUrl(env.DATABASE_URL);
if (values.force) {
  console.warn(
    "--force: not checking whether the server is running. Restoring under a running server corrupts its data.",
  );
}

try {
  const result = await restoreBackup({
    backupDir,
    dbFile: postgres ? null : sqliteFile({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir }),
    dataDir: env.dataDir,
    force: values.force,
  });
  const { manifest, tables, previous } = result;
  console.log(`Restored the backup of ${manifest.createdAt} into ${env.dataDir}`);
  if (tables) {
    const rows = Object.values(tables).reduce((sum, n) => sum + n, 0);
    console.log(`Database: integrity_check ok, ${rows} rows in ${Object.keys(tables).length} tables`);
  } else {
    console.log("Database: not restored (PostgreSQL). Restore it with pg_restore, e.g.:");
    console.log(`  ${pgRestoreCommand()}`);
  }
  console.log(
    manifest.mediaStorage
      ? `Media: not in this backup; they live in the bucket s3://${manifest.mediaStorage.bucket}/${manifest.mediaStorage.prefix}`
      : `Media: ${manifest.uploads.files} files`,
  );
  if (previous) console.log(`The data it replaced is in ${previous}; delete it once the site looks right.`);
  console.log("Start the server: it applies any newer migrations at start-up.");
} catch (error) {
  console.error(error instanceof BackupError ? `Not restored: ${error.message}` : error);
  process.exit(1);
}
