/**
 * Runs a command against a throwaway PostgreSQL cluster:
 *
 *   npx tsx scripts/with-postgres.ts npx vitest run tests/integration
 *
 * Starts a PostgreSQL 15 cluster in a temporary directory (tests/support/postgres.ts), runs the
 * command with DATABASE_URL (its postgres:// URL) and TEST_DATABASE=postgres, then stops the
 * cluster, deletes its directory and exits with the command's exit code. The cluster is removed
 * also when the command fails, crashes or this script is interrupted.
 */
import { spawn } from "node:child_process";
import os from "node:os";
import { startPostgres, type PostgresCluster } from "../tests/support/postgres";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: tsx scripts/with-postgres.ts <command> [args…]");
  process.exit(2);
}

let cluster: PostgresCluster | undefined;
// Last line of defence: whatever ends this process, the cluster goes with it.
process.on("exit", () => cluster?.stopSync());

const started = Date.now();
try {
  cluster = await startPostgres();
} catch (error) {
  console.error(`with-postgres: could not start PostgreSQL: ${(error as Error).message}`);
  process.exit(1);
}
console.log(`with-postgres: PostgreSQL ready in ${Date.now() - started} ms (${cluster.dir})`);

const child = spawn(command, args, {
  stdio: "inherit",
  env: { ...process.env, DATABASE_URL: cluster.url, TEST_DATABASE: "postgres" },
});

// Ctrl-C reaches the child through the terminal's process group; forward other signals ourselves
// and keep running until the child has exited, so the cluster is stopped after it, not under it.
const forward = (signal: NodeJS.Signals) => () => {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, forward(signal));

const code = await new Promise<number>((resolve) => {
  child.once("error", (error) => {
    console.error(`with-postgres: could not run ${command}: ${error.message}`);
    resolve(127);
  });
  child.once("exit", (exitCode, signal) => {
    resolve(exitCode ?? 128 + (signal ? os.constants.signals[signal] : 0));
  });
});

await cluster.stop();
process.exit(code);
