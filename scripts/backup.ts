/**
 * `npm run backup -- TARGET_DIR`: a consistent copy of the SQLite database and DATA_DIR/uploads into
 * TARGET_DIR/salon-backup-<timestamp>/, safe while the site runs. Same settings as the server
 * (DATA_DIR, DATABASE_URL). On PostgreSQL it prints the pg_dump command to use instead;
 * `--media-only` then copies just the uploads.
 */
import { parseArgs } from "node:util";
import { BackupError, createBackup, pgDumpCommand, shellQuote, sqliteFile } from "../app/server/backup/backup.server";
import { isPostgresUrl } from "../app/server/db/database.server";
import { loadEnv } from "../app/server/env.server";

const USAGE =
  "Usage: npm run backup -- TARGET_DIR [--media-only]   (PostgreSQL: --media-only, plus pg_dump for the database)";

const { positionals, values } = parseArgs({ allowPositionals: true, options: { "media-only": { type: "boolean" } } });
const [target] = positionals;
if (!target || positionals.length > 1) {
  console.error(USAGE);
  process.exit(2);
}

const env = loadEnv();
const postgres = isPostgresUrl(env.DATABASE_URL);

try {
  if (postgres && !values["media-only"]) {
    console.error(
      [
        "DATABASE_URL points at PostgreSQL: this command copies only SQLite databases, so nothing was backed up.",
        "Back up the database with pg_dump (same DATABASE_URL as the server):",
        "",
        `  ${pgDumpCommand(target)}`,
        "",
        "and the media with:",
        "",
        `  npm run backup -- ${shellQuote(target)} --media-only`,
      ].join("\n"),
    );
    process.exit(1);
  }
  const { dir, manifest } = await createBackup({
    dbFile: postgres ? null : sqliteFile({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir }),
    dataDir: env.dataDir,
    targetRoot: target,
  });
  const rows = Object.values(manifest.database?.tables ?? {}).reduce((sum, n) => sum + n, 0);
  if (manifest.database) {
    console.log(
      `Database: ${manifest.database.bytes} bytes, ${rows} rows in ${Object.keys(manifest.database.tables).length} tables (schema ${manifest.schemaVersion ?? "empty"})`,
    );
  } else {
    console.log(`Database: not included (PostgreSQL): ${pgDumpCommand(target)}`);
  }
  console.log(`Media: ${manifest.uploads.files} files, ${manifest.uploads.bytes} bytes`);
  // The last line is the folder alone, for scripts.
  console.log(`Backup written to:\n${dir}`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
