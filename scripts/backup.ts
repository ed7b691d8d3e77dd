/**
 * `npm run backup -- TARGET_DIR`: a consistent copy of the SQLite database and DATA_DIR/uploads into
 * TARGET_DIR/salon-backup-<timestamp>/, safe while the site runs. Same settings as the server
 * (DATA_DIR, DATABASE_URL). On PostgreSQL it prints the pg_dump command to use instead;
 * `--media-only` then copies just the uploads. With MEDIA_STORAGE=s3 the media live in the bucket:
 * only the database is copied, and the manifest records the bucket.
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
const bucket =
  env.MEDIA_STORAGE === "s3"
    ? { kind: "s3" as const, bucket: env.S3_BUCKET!, prefix: env.S3_PREFIX ?? "", endpoint: env.S3_ENDPOINT }
    : undefined;
const bucketText = bucket && `s3://${bucket.bucket}/${bucket.prefix}${bucket.endpoint ? ` at ${bucket.endpoint}` : ""}`;
const BUCKET_NOTE = `Media: not copied. They live in the bucket ${bucketText}; keep it safe with bucket versioning or replication.`;

try {
  if (bucket && (postgres || values["media-only"])) {
    console.error(
      [
        BUCKET_NOTE,
        ...(postgres ? ["Back up the PostgreSQL database with pg_dump:", "", `  ${pgDumpCommand(target)}`] : []),
        "Nothing was backed up.",
      ].join("\n"),
    );
    process.exit(1);
  }
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
    mediaStorage: bucket,
  });
  const rows = Object.values(manifest.database?.tables ?? {}).reduce((sum, n) => sum + n, 0);
  if (manifest.database) {
    console.log(
      `Database: ${manifest.database.bytes} bytes, ${rows} rows in ${Object.keys(manifest.database.tables).length} tables (schema ${manifest.schemaVersion ?? "empty"})`,
    );
  } else {
    console.log(`Database: not included (PostgreSQL): ${pgDumpCommand(target)}`);
  }
  console.log(bucket ? BUCKET_NOTE : `Media: ${manifest.uploads.files} files, ${manifest.uploads.bytes} bytes`);
  // The last line is the folder alone, for scripts.
  console.log(`Backup written to:\n${dir}`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
