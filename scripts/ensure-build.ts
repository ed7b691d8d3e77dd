import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const SOURCES = [
  "app",
  "migrations",
  "public",
  "package.json",
  "vite.config.ts",
  "react-router.config.ts",
  "server.ts",
  "scripts/build-server.ts",
  "scripts/build-enhancements.ts",
];

function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Builds when build/ is missing or older than any source file. */
export function ensureBuild(): void {
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
  // build/server.js is written last: with it, the whole build is there.
  const built = fs.statSync(path.join(buildDir, "server.js"), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (built >= sources) return;
  console.log(built ? "Sources changed since the last build: building…" : "No build yet: building…");
  // Always a production build: a caller's NODE_ENV (vitest sets "test") would make Vite build
  // development code (import.meta.env.DEV true) that the production server cannot serve.
  execSync("npm run build", { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
}
