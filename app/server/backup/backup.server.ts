/**
 * Backups of a SQLite installation: the database (copied with SQLite's online backup API, so it is
 * a consistent snapshot even while the server writes) and DATA_DIR/uploads, into one folder with a
 * manifest.json. DATA_DIR/cache is left out: every file in it is regenerated on demand.
 * With MEDIA_STORAGE=s3 the media live in the bucket: the backup holds the database only and records
 * where the media are (keeping the bucket safe, with versioning or replication, is the operator's job).
 *
 * Used by `npm run backup` and `npm run restore` (scripts/backup.ts, scripts/restore.ts).
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import SQLite from "better-sqlite3";
import { migrations } from "../../../migrations/index";

export const MANIFEST = "manifest.json";
export const DB_FILE = "salon.db";
export const UPLOADS = "uploads";
/** `sha256sum -c uploads.sha256` checks the copied media by hand too. */
export const UPLOADS_SUMS = "uploads.sha256";
const SESSION_SECRET = "session-secret";

export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** The newest migration in the database: a restore needs code that knows it. */
  schemaVersion: string | null;
  /** null: a media-only backup (PostgreSQL installations back up their database with pg_dump). */
  database: { file: string; bytes: number; sha256: string; tables: Record<string, number> } | null;
  /** The media copied from DATA_DIR/uploads (none when they live in a bucket). */
  uploads: { files: number; bytes: number; sha256: string };
  /** Set when the media were not copied because they live in an S3-compatible bucket. */
  mediaStorage?: S3MediaLocation;
  sessionSecret: boolean;
}

export interface S3MediaLocation {
  kind: "s3";
  bucket: string;
  prefix: string;
  endpoint?: string;
}

export class BackupError extends Error {}

/** Where the server keeps its SQLite file, the same way openDatabase() decides it. */
export function sqliteFile(options: { databaseUrl?: string; dataDir: string }): string {
  const url = options.databaseUrl;
  return path.resolve(url?.startsWith("file:") ? url.slice("file:".length) : path.join(options.dataDir, DB_FILE));
}

/**
 * Copies the live database and the media into `<targetRoot>/salon-backup-<timestamp>/`. The folder
 * is written as `….partial` and renamed at the end, so an interrupted backup never looks complete.
 * The database is copied before the media: uploads are written before their row, so every image
 * the copied database refers to is already on disk when the media are copied.
 */
export async function createBackup(options: {
  /** null: media only. */
  dbFile: string | null;
  dataDir: string;
  targetRoot: string;
  /** Media in a bucket: not copied, only recorded in the manifest. */
  mediaStorage?: S3MediaLocation;
  now?: Date;
}): Promise<{ dir: string; manifest: BackupManifest }> {
  const now = options.now ?? new Date();
  if (options.dbFile && !(await exists(options.dbFile)))
    throw new BackupError(`No database at ${options.dbFile}: nothing to back up.`);
  await fs.mkdir(options.targetRoot, { recursive: true });
  const dir = await freeName(path.join(path.resolve(options.targetRoot), `salon-backup-${stamp(now)}`));
  const work = `${dir}.partial`;
  await fs.rm(work, { recursive: true, force: true });
  await fs.mkdir(work, { recursive: true });
  try {
    const dbCopy = path.join(work, DB_FILE);
    if (options.dbFile) await snapshotDatabase(options.dbFile, dbCopy);
    const uploads = options.mediaStorage
      ? { files: 0, bytes: 0, sums: "" }
      : await copyTree(path.join(options.dataDir, UPLOADS), path.join(work, UPLOADS));
    await fs.writeFile(path.join(work, UPLOADS_SUMS), uploads.sums);

    const secret = path.join(options.dataDir, SESSION_SECRET);
    const sessionSecret = await exists(secret);
    if (sessionSecret) await fs.copyFile(secret, path.join(work, SESSION_SECRET));

    const inspected = options.dbFile ? inspectDatabase(dbCopy) : null;
    const manifest: BackupManifest = {
      format: 1,
      createdAt: now.toISOString(),
      schemaVersion: inspected?.schemaVersion ?? null,
      database: inspected && {
        file: DB_FILE,
        bytes: (await fs.stat(dbCopy)).size,
        sha256: await sha256File(dbCopy),
        tables: inspected.tables,
      },
      uploads: { files: uploads.files, bytes: uploads.bytes, sha256: sha256(uploads.sums) },
      ...(options.mediaStorage && { mediaStorage: options.mediaStorage }),
      sessionSecret,
    };
    await fs.writeFile(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await fs.chmod(work, 0o700);
    await fs.rename(work, dir);
    return { dir, manifest };
  } catch (error) {
    await fs.rm(work, { recursive: true, force: true });
    throw error;
  }
}

/** One consistent snapshot: the whole database in a single backup step (one read transaction). */
async function snapshotDatabase(source: string, target: string): Promise<void> {
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    // Copying in chunks would restart from the beginning whenever the server commits in between.
    await db.backup(target, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  // A self-contained file (no -wal beside it); the server turns WAL back on when it opens it.
  const copy = new SQLite(target);
  try {
    copy.pragma("journal_mode = DELETE");
    const result = copy.pragma("integrity_check", { simple: true });
    if (result !== "ok") throw new BackupError(`The copied database failed its integrity check: ${String(result)}`);
  } finally {
    copy.close();
  }
}

function inspectDatabase(file: string): { tables: Record<string, number>; schemaVersion: string | null } {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const names = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .pluck()
      .all() as string[];
    const tables: Record<string, number> = {};
    for (const name of names) {
      tables[name] = db
        .prepare(`SELECT count(*) FROM "${name.replaceAll('"', '""')}"`)
        .pluck()
        .get() as number;
    }
    const schemaVersion = names.includes("kysely_migration")
      ? ((db.prepare("SELECT max(name) FROM kysely_migration").pluck().get() as string | null) ?? null)
      : null;
    return { tables, schemaVersion };
  } finally {
    db.close();
  }
}

/**
 * Reads the manifest and checks the backup against it: database checksum and integrity, every
 * media file's checksum, and that this version of the code knows the backup's schema.
 */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(dir, MANIFEST), "utf8")) as BackupManifest;
  } catch {
    throw new BackupError(`${dir} is not a backup: no readable ${MANIFEST}.`);
  }
  if (manifest.format !== 1) throw new BackupError(`Unknown backup format ${String(manifest.format)}.`);

  if (manifest.database) {
    const dbCopy = path.join(dir, manifest.database.file);
    if (!(await exists(dbCopy))) throw new BackupError(`The backup has no database file (${manifest.database.file}).`);
    if ((await sha256File(dbCopy)) !== manifest.database.sha256) {
      throw new BackupError("The backup's database does not match its checksum: the backup is damaged.");
    }
    const integrity = integrityCheck(dbCopy);
    if (integrity !== "ok") throw new BackupError(`The backup's database failed its integrity check: ${integrity}`);
  }

  const sums = await fs.readFile(path.join(dir, UPLOADS_SUMS), "utf8").catch(() => null);
  if (sums === null || sha256(sums) !== manifest.uploads.sha256) {
    throw new BackupError(`${UPLOADS_SUMS} is missing or does not match the manifest: the backup is damaged.`);
  }
  const actual = await copyTree(path.join(dir, UPLOADS), null);
  if (actual.sums !== sums) {
    const expected = new Set(sums.split("\n"));
    const bad = actual.sums.split("\n").filter((line) => line && !expected.has(line));
    const missing = sums.split("\n").filter((line) => line && !actual.sums.includes(line));
    const names = [...bad, ...missing].map((line) => line.slice(66)).slice(0, 5);
    throw new BackupError(`Media files in the backup do not match their checksums: ${names.join(", ")}`);
  }

  if (manifest.schemaVersion && !(manifest.schemaVersion in migrations)) {
    throw new BackupError(
      `The backup was made by a newer version of the site (schema ${manifest.schemaVersion}): upgrade the code first, then restore.`,
    );
  }
  return manifest;
}

/**
 * True while another process has the database open (the server keeps its connection, and in WAL
 * mode an open connection blocks an exclusive lock even when it is idle).
 */
export function isDatabaseInUse(dbFile: string): boolean {
  let db: SQLite.Database;
  try {
    db = new SQLite(dbFile, { fileMustExist: true });
  } catch {
    return false; // no database yet
  }
  try {
    db.pragma("busy_timeout = 0");
    db.pragma("locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE");
    db.exec("COMMIT");
    return false;
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith("SQLITE_BUSY")) return true;
    throw error;
  } finally {
    db.close();
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the data that was replaced now is (null when there was none). */
  previous: string | null;
  /** Row counts of the restored database (null when only media were restored). */
  tables: Record<string, number> | null;
}

/**
 * Puts a backup in place of the current database and media. Refuses while the database is in use
 * unless `force`. What it replaces is moved to DATA_DIR/pre-restore-<timestamp>/, never deleted.
 * `dbFile: null` restores the media only (PostgreSQL installations restore their database with
 * pg_restore).
 */
export async function restoreBackup(options: {
  backupDir: string;
  dbFile: string | null;
  dataDir: string;
  force?: boolean;
  now?: Date;
}): Promise<RestoreResult> {
  const { dbFile, dataDir } = options;
  const manifest = await verifyBackup(options.backupDir);
  if (dbFile && !manifest.database) {
    throw new BackupError(
      "This backup holds media only (it was made with --media-only): it has no database to restore.",
    );
  }
  if (dbFile && !options.force && isDatabaseInUse(dbFile)) {
    throw new BackupError(
      `The database ${dbFile} is in use: stop the server (and anything else using the database) before restoring.`,
    );
  }
  await fs.mkdir(dataDir, { recursive: true });

  // Everything new is copied beside its final place first, so the swap below is only renames.
  const stagedDb = dbFile && `${dbFile}.restoring`;
  if (dbFile && stagedDb && manifest.database) {
    await fs.mkdir(path.dirname(dbFile), { recursive: true });
    await fs.copyFile(path.join(options.backupDir, manifest.database.file), stagedDb);
    await fsyncFile(stagedDb);
  }
  // A backup of a bucket installation has no media: the uploads folder here is left as it is.
  const withMedia = !manifest.mediaStorage;
  const stagedUploads = path.join(dataDir, `${UPLOADS}.restoring`);
  if (withMedia) {
    await fs.rm(stagedUploads, { recursive: true, force: true });
    await copyTree(path.join(options.backupDir, UPLOADS), stagedUploads);
  }

  const previous = path.join(dataDir, `pre-restore-${stamp(options.now ?? new Date())}`);
  let moved = false;
  const moveAside = async (file: string, name: string) => {
    if (!(await exists(file))) return;
    await fs.mkdir(previous, { recursive: true });
    await fs.rename(file, path.join(previous, name));
    moved = true;
  };
  if (dbFile && stagedDb) {
    const base = path.basename(dbFile);
    for (const suffix of ["", "-wal", "-shm", "-journal"]) await moveAside(`${dbFile}${suffix}`, `${base}${suffix}`);
    await fs.rename(stagedDb, dbFile);
  }
  if (withMedia) {
    await moveAside(path.join(dataDir, UPLOADS), UPLOADS);
    await fs.rename(stagedUploads, path.join(dataDir, UPLOADS));
  }
  if (manifest.sessionSecret) {
    await moveAside(path.join(dataDir, SESSION_SECRET), SESSION_SECRET);
    await fs.copyFile(path.join(options.backupDir, SESSION_SECRET), path.join(dataDir, SESSION_SECRET));
    await fs.chmod(path.join(dataDir, SESSION_SECRET), 0o600);
  }
  // Resized images of the media that were replaced; they are made again on demand.
  await fs.rm(path.join(dataDir, "cache"), { recursive: true, force: true });

  let tables: Record<string, number> | null = null;
  if (dbFile) {
    const integrity = integrityCheck(dbFile);
    if (integrity !== "ok") throw new BackupError(`The restored database failed its integrity check: ${integrity}`);
    tables = inspectDatabase(dbFile).tables;
  }
  return { manifest, previous: moved ? previous : null, tables };
}

export function integrityCheck(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma("integrity_check") as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join("; ");
  } finally {
    db.close();
  }
}

/** The command that backs up a PostgreSQL database (this tool only copies SQLite files). */
export function pgDumpCommand(targetRoot: string, now = new Date()): string {
  const file = path.join(path.resolve(targetRoot), `salon-${stamp(now)}.dump`);
  return `pg_dump --format=custom --no-owner --file=${shellQuote(file)} "$DATABASE_URL"`;
}

export function pgRestoreCommand(dumpFile = "salon-<timestamp>.dump"): string {
  return `pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${shellQuote(dumpFile)}`;
}

export function shellQuote(value: string): string {
  return /^[\w@%+=:,./<>-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * Copies every regular file under `from` into `to` (when given) and returns their checksums in
 * `sha256sum` format (paths as `label/…`), sorted by path. A missing `from` is an empty folder.
 */
async function copyTree(
  from: string,
  to: string | null,
  label = UPLOADS,
): Promise<{ files: number; bytes: number; sums: string }> {
  const lines: string[] = [];
  let bytes = 0;
  const walk = async (relative: string) => {
    const entries = await fs
      .readdir(path.join(from, relative), { withFileTypes: true })
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT" && relative === "") return [];
        throw error;
      });
    for (const entry of entries) {
      const rel = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        await walk(rel);
      } else if (entry.isFile()) {
        const source = path.join(from, rel);
        if (to) {
          await fs.mkdir(path.dirname(path.join(to, rel)), { recursive: true });
          await fs.copyFile(source, path.join(to, rel));
        }
        const file = to ? path.join(to, rel) : source;
        bytes += (await fs.stat(file)).size;
        lines.push(`${await sha256File(file)}  ${label}/${rel}`);
      }
    }
  };
  if (to) await fs.mkdir(to, { recursive: true });
  await walk("");
  lines.sort((a, b) => (a.slice(66) < b.slice(66) ? -1 : 1));
  return { files: lines.length, bytes, sums: lines.map((l) => `${l}\n`).join("") };
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(file)
      .on("error", reject)
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => resolve(hash.digest("hex")));
  });
}

async function fsyncFile(file: string): Promise<void> {
  const handle = await fs.open(file, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

async function freeName(dir: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? dir : `${dir}-${n}`;
    if (!(await exists(candidate))) return candidate;
  }
}

/** 2026-07-01T10-20-30Z: sortable, and safe in file names everywhere. */
function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
}
