import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * Copies the SQLite write-ahead log back into the database file from a thread of its own.
 *
 * SQLite normally does this inside whichever commit pushes the log past 1,000 pages: that commit
 * then writes and fsyncs megabytes while the server's only JavaScript thread waits, and every
 * request in flight waits with it (the slowest submissions under load were those). The server's
 * connection turns that off (wal_autocheckpoint = 0) and this thread, with a connection of its
 * own, runs a PASSIVE checkpoint every two seconds: it never blocks the writer or readers, and an
 * idle log costs one cheap call. Every few hundred milliseconds measured worse under load: each
 * checkpoint ends in an fsync of the database file, and the commits' own fsyncs queue behind it.
 *
 * The thread's code is a small CommonJS string, not a module of the server build: the build is
 * bundled, and a worker needs a file or source of its own.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma("busy_timeout = 5000");
db.pragma("synchronous = FULL");
const checkpoint = () => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.postMessage({ stopped: true });
  parentPort.close();
});
`;

export interface Checkpointer {
  /** One last checkpoint, then the thread ends. */
  stop(): Promise<void>;
}

export function startCheckpointer(
  file: string,
  options: { intervalMs?: number; onError?: (message: string) => void } = {},
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver, intervalMs: options.intervalMs ?? 2000 },
  });
  const onError = options.onError ?? ((message) => console.warn(`SQLite checkpoint failed: ${message}`));
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  worker.on("message", (message: { error?: string }) => {
    if (message.error) onError(message.error);
  });
  worker.on("error", (error) => onError(String(error)));
  // The thread alone never keeps the process alive.
  worker.unref();
  return {
    async stop() {
      // Referenced again, so the process waits for the last checkpoint instead of exiting under it.
      worker.ref();
      worker.postMessage("stop");
      await exited;
    },
  };
}
