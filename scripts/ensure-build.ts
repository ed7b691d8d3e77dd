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
  "scripts/backup.ts",
  "scripts/restore.ts",
  "scripts/build-enhancements.ts",
];

/** Test files beside the code are not in the build: editing one needs no new build. */
const TEST_FILE = /\.test\.tsx?$/;

function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat || TEST_FILE.test(target)) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Why a build is needed ("no build yet", "sources changed…"), or null when build/ is current. */
export function buildNeeded(): string | null {
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
  // build/server.js is written last: with it, the whole build is there.
  const built = fs.statSync(path.join(buildDir, "server.js"), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (built >= sources) return null;
  return built ? "Sources changed since the last build" : "No build yet";
}

/**
 * Always a production build: a caller's NODE_ENV (vitest sets "test") would make Vite build
 * development code (import.meta.env.DEV true) that the production server cannot serve.
 */
export const BUILD_ENV = { NODE_ENV: "production" };

/** Builds when build/ is missing or older than any source file. */
export function ensureBuild(): void {
  const reason = buildNeeded();
  if (!reason) return;
  console.log(`${reason}: building…`);
  execSync("npm run build", { cwd: root, stdio: "inherit", env: { ...process.env, ...BUILD_ENV } });
}
