/**
 * The repository stands alone: someone who clones it has every document it refers to. No tracked
 * file may point to documents kept outside it (a sibling folder, the original specification and
 * design notes) or cite work-tracker issue numbers; a comment says why, or points to docs/.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** Built from pieces so this file does not match itself. */
const FORBIDDEN: [what: string, pattern: RegExp][] = [
  ["a path outside the repository", new RegExp(["\\.\\.", "/shared"].join(""))],
  ["the specification", new RegExp(["SPEC", "\\.md"].join(""))],
  ["the decisions outside the repository", new RegExp(["DECISIONS", "\\.md"].join(""))],
  ["the design notes", new RegExp(["ARCHITECTURE", "\\.md"].join(""))],
  ["an issue number", new RegExp(["\\b[Ii]ssue", "s? #?\\d+"].join(""))],
];

/** Files whose contents are not ours to word: the lock file lists other people's packages. */
const SKIPPED = new Set(["package-lock.json"]);

const trackedFiles = () =>
  execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
    .split("\0")
    .filter((file) => file && !SKIPPED.has(file));

/** Text files only: a NUL in the first 8 KB marks a binary (images, fonts). */
function textOf(file: string): string | null {
  const full = path.join(root, file);
  if (!fs.existsSync(full) || !fs.statSync(full).isFile()) return null;
  const bytes = fs.readFileSync(full);
  if (bytes.subarray(0, 8192).includes(0)) return null;
  return bytes.toString("utf8");
}

describe("the repository", () => {
  it("refers to no document outside it and cites no issue numbers", () => {
    const found: string[] = [];
    for (const file of trackedFiles()) {
      const text = textOf(file);
      if (text === null) continue;
      text.split("\n").forEach((line, index) => {
        for (const [what, pattern] of FORBIDDEN)
          if (pattern.test(line)) found.push(`${file}:${index + 1}: ${what}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(found).toEqual([]);
  });
});
