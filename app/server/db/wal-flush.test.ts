import fc from "fast-check";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { WalFlusher } from "./wal-flush.server";

/** Syncs that end when the test says so: each remembers the step it began at. */
function manualSyncs() {
  const syncs: { began: number; finish: () => void; done: boolean }[] = [];
  let step = 0;
  let overlapped = false;
  return {
    syncs,
    overlapped: () => overlapped,
    tick: () => ++step,
    now: () => step,
    sync: () =>
      new Promise<void>((resolve) => {
        if (syncs.some((s) => !s.done)) overlapped = true;
        const sync = {
          began: step,
          done: false,
          finish: () => {
            sync.done = true;
            resolve();
          },
        };
        syncs.push(sync);
      }),
    finishOldest: () => syncs.find((s) => !s.done)?.finish(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("WalFlusher", () => {
  it("answers a write only after a sync that began after it, and shares each sync among the writes of its moment", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom("write", "write", "disk"), { maxLength: 40 }), async (steps) => {
        const disk = manualSyncs();
        const flusher = new WalFlusher("unused", disk.sync);
        const writes: { at: number; resolvedBy?: number }[] = [];
        for (const step of steps) {
          disk.tick();
          if (step === "write") {
            const write: (typeof writes)[number] = { at: disk.now() };
            writes.push(write);
            void flusher.flush().then(() => {
              // The newest sync finished by now: it must have begun at or after the write.
              write.resolvedBy = Math.max(...disk.syncs.filter((s) => s.done).map((s) => s.began));
            });
          } else disk.finishOldest();
          await settle();
        }
        // Let the disk catch up with everything.
        while (disk.syncs.some((s) => !s.done)) {
          disk.finishOldest();
          await settle();
        }
        for (const write of writes) {
          expect(write.resolvedBy).toBeDefined();
          expect(write.resolvedBy!).toBeGreaterThanOrEqual(write.at);
        }
        // Never more syncs than writes, and never two under way at once.
        expect(disk.syncs.length).toBeLessThanOrEqual(writes.length);
        expect(disk.overlapped()).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it("makes any number of writes during one sync wait for one more sync, not one each", async () => {
    const disk = manualSyncs();
    const flusher = new WalFlusher("unused", disk.sync);
    const first = flusher.flush();
    const during = Array.from({ length: 20 }, () => flusher.flush());
    expect(disk.syncs).toHaveLength(1);
    disk.finishOldest();
    await first;
    await settle();
    expect(disk.syncs).toHaveLength(2);
    disk.finishOldest();
    await Promise.all(during);
    expect(disk.syncs).toHaveLength(2);
  });

  it("hands a failed sync to its writers, and the next write tries again", async () => {
    let calls = 0;
    const flusher = new WalFlusher("unused", async () => {
      calls += 1;
      if (calls === 1) throw new Error("EIO");
    });
    await expect(flusher.flush()).rejects.toThrow("EIO");
    await expect(flusher.flush()).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });

  it("syncs a real file, and takes a log not made yet as nothing to sync", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wal-flush-"));
    try {
      const file = path.join(dir, "salon.db-wal");
      await expect(new WalFlusher(file).flush()).resolves.toBeUndefined();
      fs.writeFileSync(file, "frames");
      await expect(new WalFlusher(file).flush()).resolves.toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
