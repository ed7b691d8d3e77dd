/**
 * Backups of a SQLite installation, taken with `npm run backup` while a real server process takes
 * submissions, and put back with `npm run restore` into a new data directory that a new server
 * then runs on. PostgreSQL installations back up with pg_dump, so this file runs on SQLite only.
 */
import { spawn } from "node:child_process";
import { setTimeout as delay } from "node:timers/promises";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createBackup, integrityCheck, restoreBackup, verifyBackup } from "~/server/backup/backup.server";
import { migrateToLatest, openDatabase } from "~/server/db/database.server";
import { startServer, type RunningServer } from "../../scripts/bench/server-process";
import { ensureBuild } from "../../scripts/ensure-build";
import { testDialect } from "../support/test-db";

const root = path.resolve(import.meta.dirname, "../..");
const dirs: string[] = [];
const servers: RunningServer[] = [];

function tempDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `salon-backup-${label}-`));
  dirs.push(dir);
  return dir;
}

/**
 * Runs the backup or restore command as the built site has it (build/scripts, compiled from
 * scripts/*.ts as `npm run backup` runs them), without blocking the event loop.
 */
function runScript(script: "backup" | "restore", args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(root, "build/scripts", `${script}.js`), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

function writeMedia(dataDir: string, key: string): Buffer {
  const bytes = randomBytes(2048 + Math.floor(Math.random() * 4096));
  const file = path.join(dataDir, "uploads", ...key.split("/"));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  return bytes;
}

function messages(dbFile: string): Set<string> {
  const db = new SQLite(dbFile, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare("SELECT message FROM form_submissions WHERE message LIKE 'Backup test %'")
      .pluck()
      .all() as string[];
    return new Set(rows.map((m) => m.replace("Backup test ", "")));
  } finally {
    db.close();
  }
}

afterAll(async () => {
  for (const server of servers.splice(0)) await server.kill();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(testDialect !== "sqlite")(
  "backup and restore of a running SQLite site (PostgreSQL installations use pg_dump, so skipped on PostgreSQL runs)",
  () => {
    beforeAll(() => ensureBuild(), 300_000);

    it("a backup taken under a write load restores into a new data directory with everything from before it", async () => {
      const dataDir = tempDir("live");
      const media = new Map<string, Buffer>();
      for (const key of ["2026/01/chair-aaaa1111.jpg", "2026/02/nails-bbbb2222.webp"])
        media.set(key, writeMedia(dataDir, key));
      fs.mkdirSync(path.join(dataDir, "cache", "img"), { recursive: true });
      fs.writeFileSync(path.join(dataDir, "cache", "img", "variant.webp"), "regenerable");

      const server = await startServer({ dataDir, env: { DATABASE_URL: "", FORM_RATE_LIMIT: "1000000000" } });
      servers.push(server);

      // Where the backup was when a submission was sent and when its acceptance came back: one
      // answered before the backup began was committed before it; one sent after it ended, after.
      type Phase = "before the backup" | "during the backup" | "after the backup";
      let phase: Phase = "before the backup";
      const accepted: { tag: string; sent: Phase; answered: Phase }[] = [];
      let stop = false;
      const client = async (worker: number) => {
        for (let i = 0; !stop; i++) {
          const tag = `${worker}-${i}`;
          const sent = phase;
          const response = await fetch(`${server.url}/api/submit-form`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Origin: server.url },
            body: JSON.stringify({
              formType: "Contact",
              name: "Backup Visitor",
              email: "backup@example.com",
              message: `Backup test ${tag}`,
            }),
          });
          await response.arrayBuffer();
          if (response.status === 200) accepted.push({ tag, sent, answered: phase });
          // A steady stream of writes, not a flood: the flood took a whole core from the tests
          // running beside this one and tripled the time of the backup and restore commands.
          await delay(5);
        }
      };
      const clients = Array.from({ length: 3 }, (_, w) => client(w));
      await vi.waitUntil(() => accepted.length >= 60, { timeout: 30_000, interval: 20 });
      media.set("2026/03/hair-cccc3333.jpg", writeMedia(dataDir, "2026/03/hair-cccc3333.jpg"));

      const backupRoot = tempDir("target");
      phase = "during the backup";
      const backup = await runScript("backup", [backupRoot], { DATA_DIR: dataDir, DATABASE_URL: "" });
      phase = "after the backup";
      expect(backup.stderr).toBe("");
      expect(backup.code).toBe(0);
      const backupDir = backup.stdout.trim().split("\n").at(-1)!;
      expect(path.dirname(backupDir)).toBe(backupRoot);
      expect(path.basename(backupDir)).toMatch(/^salon-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);

      // The site kept taking submissions while it was copied.
      const acceptedBefore = accepted.filter((a) => a.answered === "before the backup").map((a) => a.tag);
      await vi.waitUntil(() => accepted.some((a) => a.sent === "after the backup"), { timeout: 15_000, interval: 20 });
      expect(accepted.filter((a) => a.answered === "during the backup").length).toBeGreaterThan(0);
      stop = true;
      await Promise.all(clients);

      // While the server runs, a restore onto its data is refused and changes nothing.
      const refused = await runScript("restore", [backupDir], { DATA_DIR: dataDir, DATABASE_URL: "" });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("is in use: stop the server");
      expect(fs.readdirSync(dataDir).filter((name) => name.startsWith("pre-restore"))).toEqual([]);

      expect(await server.stop()).toBe(0);
      servers.splice(servers.indexOf(server), 1);
      const acceptedAfter = accepted.filter((a) => a.sent === "after the backup").map((a) => a.tag);

      const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, "manifest.json"), "utf8")) as Awaited<
        ReturnType<typeof verifyBackup>
      >;
      expect(manifest).toMatchObject({
        format: 1,
        schemaVersion: expect.any(String),
        sessionSecret: true,
        uploads: { files: 3 },
      });
      expect(fs.existsSync(path.join(backupDir, "cache"))).toBe(false);

      // Restore into a fresh data directory and run a server on it.
      const restoredDir = tempDir("restored");
      const restored = await runScript("restore", [backupDir], { DATA_DIR: restoredDir, DATABASE_URL: "" });
      expect(restored.stderr).toBe("");
      expect(restored.code).toBe(0);
      expect(restored.stdout).toContain("integrity_check ok");

      const dbFile = path.join(restoredDir, "salon.db");
      expect(integrityCheck(dbFile)).toBe("ok");
      const stored = messages(dbFile);
      expect(acceptedBefore.length).toBeGreaterThanOrEqual(60);
      expect(acceptedBefore.filter((tag) => !stored.has(tag))).toEqual([]);
      // A snapshot, not a later state: what came after the backup is not in it, and the counts match.
      expect(acceptedAfter.filter((tag) => stored.has(tag))).toEqual([]);
      expect(stored.size).toBe(manifest.database!.tables.form_submissions);
      // Every stored submission came with its notification in the same transaction.
      const db = new SQLite(dbFile, { readonly: true });
      const orphans = db
        .prepare(
          "SELECT count(*) FROM form_submissions s WHERE NOT EXISTS (SELECT 1 FROM mail_outbox m WHERE m.submission_id = s.id)",
        )
        .pluck()
        .get();
      db.close();
      expect(orphans).toBe(0);

      const again = await startServer({ dataDir: restoredDir, env: { DATABASE_URL: "" } });
      servers.push(again);
      for (const [key, bytes] of media) {
        const response = await fetch(`${again.url}/media/${key}`);
        expect(response.status, key).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(bytes), key).toBe(true);
      }
      expect(fs.existsSync(path.join(restoredDir, "cache", "img", "variant.webp"))).toBe(false);
      // The restored session secret is the original one, so signed-in staff stay signed in.
      expect(fs.readFileSync(path.join(restoredDir, "session-secret"), "utf8")).toBe(
        fs.readFileSync(path.join(dataDir, "session-secret"), "utf8"),
      );
      expect(messages(dbFile).size).toBe(stored.size);
    }, 180_000);

    it("a restore keeps the data it replaces and rejects a damaged backup", async () => {
      const dataDir = tempDir("lib");
      const handle = openDatabase({ dataDir });
      await migrateToLatest(handle.db);
      await handle.db
        .insertInto("settings")
        .values({ key: "backup_probe", value: "before", updated_at: new Date().toISOString() })
        .execute();
      const key = "2026/04/brows-dddd4444.png";
      const bytes = writeMedia(dataDir, key);
      const dbFile = path.join(dataDir, "salon.db");
      const target = tempDir("lib-target");

      const { dir, manifest } = await createBackup({ dbFile, dataDir, targetRoot: target });
      expect(manifest.database?.tables.settings).toBe(1);
      // A second backup in the same second gets a folder of its own.
      const second = await createBackup({ dbFile, dataDir, targetRoot: target, now: new Date(manifest.createdAt) });
      expect(second.dir).not.toBe(dir);

      await handle.db.updateTable("settings").set({ value: "after" }).where("key", "=", "backup_probe").execute();
      fs.rmSync(path.join(dataDir, "uploads", ...key.split("/")));
      writeMedia(dataDir, "2026/05/later-eeee5555.jpg");
      await handle.close();

      const result = await restoreBackup({ backupDir: dir, dbFile, dataDir });
      expect(result.tables?.settings).toBe(1);
      const db = new SQLite(dbFile, { readonly: true });
      expect(db.prepare("SELECT value FROM settings WHERE key = 'backup_probe'").pluck().get()).toBe("before");
      db.close();
      expect(fs.readFileSync(path.join(dataDir, "uploads", ...key.split("/"))).equals(bytes)).toBe(true);
      expect(fs.existsSync(path.join(dataDir, "uploads", "2026", "05"))).toBe(false);
      // What was replaced is kept aside, not deleted.
      expect(result.previous).not.toBeNull();
      expect(fs.existsSync(path.join(result.previous!, "salon.db"))).toBe(true);
      expect(fs.existsSync(path.join(result.previous!, "uploads", "2026", "05", "later-eeee5555.jpg"))).toBe(true);

      // One flipped byte in a media file, or a truncated database, and the backup is refused.
      const damagedMedia = path.join(second.dir, "uploads", ...key.split("/"));
      const content = fs.readFileSync(damagedMedia);
      content[100] ^= 0xff;
      fs.writeFileSync(damagedMedia, content);
      await expect(verifyBackup(second.dir)).rejects.toThrow(
        /do not match their checksums: uploads\/2026\/04\/brows-dddd4444\.png/,
      );
      await expect(restoreBackup({ backupDir: second.dir, dbFile, dataDir })).rejects.toThrow(/checksums/);
      fs.truncateSync(path.join(dir, "salon.db"), 4096);
      await expect(verifyBackup(dir)).rejects.toThrow(/database does not match its checksum/);
      expect(integrityCheck(dbFile)).toBe("ok");
    });
  },
);

describe("backup on PostgreSQL", () => {
  beforeAll(() => ensureBuild(), 300_000);

  it(
    "on PostgreSQL the backup command prints the pg_dump command instead of backing up nothing",
    { timeout: 60_000 },
    async () => {
      const target = tempDir("pg");
      const dataDir = tempDir("pg-data");
      const result = await runScript("backup", [target], {
        DATA_DIR: dataDir,
        DATABASE_URL: "postgres://salon:secret@db.internal:5432/salon",
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("nothing was backed up");
      expect(result.stderr).toMatch(/pg_dump --format=custom --no-owner --file=\S+\.dump "\$DATABASE_URL"/);
      expect(result.stderr).not.toContain("secret@");
      expect(fs.readdirSync(target)).toEqual([]);
    },
  );
});
