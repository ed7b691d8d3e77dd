/**
 * `npm start`: builds when the build is missing or older than the sources, then runs the compiled
 * server (build/server.js, which migrates, seeds and creates the first admin before it listens)
 * in plain Node. Signals are passed on, so Ctrl-C and a process manager's SIGTERM shut it down
 * gracefully, and its exit code is ours.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { ensureBuild } from "./ensure-build";
import { MALLOC_ARENA_MAX, SERVER_NODE_FLAGS } from "./server-env";

ensureBuild();
const root = path.resolve(import.meta.dirname, "..");
const server = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, path.resolve(root, process.env.BUILD_DIR ?? "build", "server.js")],
  {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? MALLOC_ARENA_MAX },
  },
);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
