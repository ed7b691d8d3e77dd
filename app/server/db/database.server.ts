import path from "node:path";
import SQLite from "better-sqlite3";
import {
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type Transaction,
} from "kysely";
import pg from "pg";
import { migrations } from "../../../migrations/index";
import type { Database } from "./schema";
import { startCheckpointer } from "./sqlite-checkpointer.server";
import { WalFlusher } from "./wal-flush.server";

export type Db = Kysely<Database>;
export type DbOrTx = Kysely<Database> | Transaction<Database>;

/** Whether a handle (or a transaction) talks to PostgreSQL: row locks and a few queries differ. */
export function isPostgres(db: DbOrTx): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
export type DialectName = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** SQLite: the database file, for threads that open connections of their own. */
  sqliteFile?: string;
  close(): Promise<void>;
}

export function isPostgresUrl(url: string | undefined): boolean {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/**
 * Opens the database: PostgreSQL when DATABASE_URL is a postgres URL, otherwise the embedded SQLite
 * file DATA_DIR/salon.db (WAL, so readers never wait for the writer; each write waits for the log's flush to
 * the disk, shared by the writes of the moment, so a commit survives power loss: see WalFlusher).
 */
export function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** SQLite: checkpoint the log from a background thread (the server; see sqlite-checkpointer). */
  backgroundCheckpoints?: boolean;
  /** Where a lost connection or a failed checkpoint is reported (the server's JSON logger). */
  warn?: (message: string) => void;
}): DatabaseHandle {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  if (isPostgresUrl(options.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover, a dropped database) is only taken out
    // of the pool; without a listener, pg's 'error' event would bring the whole process down.
    pool.on("error", (error) => warn(`PostgreSQL connection lost (the pool replaces it): ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", close: () => db.destroy() };
  }
  const url = options.databaseUrl;
  const file = url?.startsWith("file:") ? url.slice("file:".length) : path.join(options.dataDir, "salon.db");
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const db = new Kysely<Database>({
    dialect: new WaitingSqliteDialect(sqlite, new WalFlusher(`${file}-wal`), {
      database: withStatementCache(sqlite),
    }),
  });
  if (!options.backgroundCheckpoints) return { db, dialect: "sqlite", sqliteFile: file, close: () => db.destroy() };
  sqlite.pragma("wal_autocheckpoint = 0");
  const checkpointer = startCheckpointer(file, {
    onError: (message) => {
      warn(`SQLite background checkpoint failed (commits checkpoint again): ${message}`);
      if (sqlite.open) sqlite.pragma("wal_autocheckpoint = 1000");
    },
  });
  return {
    db,
    dialect: "sqlite",
    sqliteFile: file,
    close: async () => {
      await checkpointer.stop();
      await db.destroy();
    },
  };
}

/** How long a statement of the server's connection waits for another connection's write lock. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * The server's SQLite connection: transactions that take the write lock first, waiting for it
 * without blocking the server, and writes that wait for the log's flush (WalFlusher) once the
 * connection is free for the next query: whoever wrote goes on only when the write is on the disk,
 * and the writes of the meantime share that flush.
 *
 * Kysely begins with a plain BEGIN, which takes the write lock only at the first write. Another
 * connection (the submission thread) may commit after the transaction's first read, and SQLite
 * then refuses the write at once ("database is locked": waiting could not help, the snapshot is
 * stale). BEGIN IMMEDIATE takes the lock first. While another connection holds it, SQLite's own
 * busy handler would sleep on the server's only JavaScript thread; here the begin is retried
 * every millisecond from a timer instead, so requests go on being answered meanwhile.
 */
class WaitingSqliteDialect extends SqliteDialect {
  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly flusher: WalFlusher,
    private readonly sqliteConfig: SqliteDialectConfig,
  ) {
    super(sqliteConfig);
  }

  override createDriver(): Driver {
    const { sqlite, flusher } = this;
    // Rows changed on this connection so far (total_changes), and whether a commit came since the
    // last flush: a schema change or a commit of changes counted earlier moves no row count.
    const changedRows = sqlite.prepare("select total_changes()").pluck();
    let flushedAt = 0;
    let committed = false;
    return new (class extends SqliteDriver {
      override async commitTransaction(connection: DatabaseConnection): Promise<void> {
        await super.commitTransaction(connection);
        committed = true;
      }

      override async releaseConnection(): Promise<void> {
        const changed = changedRows.get() as number;
        // Still in a transaction, nothing is committed yet: the flush waits for its end.
        const mustFlush = (committed || changed !== flushedAt) && !sqlite.inTransaction;
        if (mustFlush) {
          flushedAt = changed;
          committed = false;
        }
        await super.releaseConnection();
        if (mustFlush) await flusher.flush();
      }

      override async beginTransaction(): Promise<void> {
        const deadline = Date.now() + BUSY_TIMEOUT_MS;
        for (;;) {
          // Kysely holds the connection for this transaction: nothing else runs on it meanwhile.
          sqlite.pragma("busy_timeout = 0");
          try {
            sqlite.exec("BEGIN IMMEDIATE");
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== "SQLITE_BUSY" || Date.now() > deadline) throw error;
          } finally {
            sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
          }
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
      }
    })(this.sqliteConfig);
  }
}

/**
 * Kysely prepares every query afresh; preparing costs about as much as running a small insert.
 * The SQL of a query builder is the same text every time (values are parameters), so prepared
 * statements are kept by their text. Safe because better-sqlite3 runs one statement at a time.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= 1000) statements.clear();
        statement = sqlite.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/**
 * SQLite's planner chooses indexes by the statistics ANALYZE keeps; without them it guesses, and
 * on a salon with three years of bookings it guessed a walk over every upcoming booking for each
 * booking's client cap (209 µs against 71 with statistics). `PRAGMA optimize` analyzes the tables
 * whose statistics are missing or stale, within a bounded sample (about 0.1 s on the three-year
 * demo salon); SQLite asks a long-running program to run it when it starts and every few hours.
 * PostgreSQL's autovacuum keeps its own. Returns what stops the repeats.
 */
export function keepPlannerStatistics(
  db: Db,
  dialect: DialectName,
  options: { everyMs?: number; warn: (message: string) => void },
): () => void {
  if (dialect !== "sqlite") return () => undefined;
  const optimize = (first: boolean) =>
    // 0x10002: at the start, also the tables never analyzed, with a bounded sample each.
    sql
      .raw(first ? "pragma optimize=0x10002" : "pragma optimize")
      .execute(db)
      .then(
        () => undefined,
        (error: unknown) => options.warn(`SQLite statistics not refreshed: ${String(error)}`),
      );
  void optimize(true);
  const timer = setInterval(() => void optimize(false), options.everyMs ?? 6 * 3_600_000);
  timer.unref();
  return () => clearInterval(timer);
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}

export function nowIso(): string {
  return new Date().toISOString();
}
