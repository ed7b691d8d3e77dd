import { describe, expect, it } from "vitest";
import { PoolFullError, WorkPool } from "./encode-pool.server";

/** A job that finishes when told to, recording how many jobs ran at once. */
function gate() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
}

describe("WorkPool", () => {
  it("runs at most `size` jobs at once, queues `maxWaiting` more in order and refuses the rest", async () => {
    const pool = new WorkPool(2, 3);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const gates = Array.from({ length: 8 }, gate);
    const outcomes = gates.map((g, i) =>
      pool
        .run(
          async () => {
            running += 1;
            most = Math.max(most, running);
            await g.done;
            running -= 1;
            order.push(i);
            return i;
          },
          { mayRefuse: true },
        )
        .catch((error: unknown) => error),
    );
    expect(pool.active).toBe(2);
    expect(pool.queued).toBe(3);
    for (const g of gates) g.release();
    const results = await Promise.all(outcomes);
    expect(results.slice(0, 5)).toEqual([0, 1, 2, 3, 4]);
    for (const refused of results.slice(5)) {
      expect(refused).toBeInstanceOf(PoolFullError);
      expect((refused as PoolFullError).retryAfterSeconds).toBeGreaterThan(0);
    }
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(pool.active).toBe(0);
  });

  it("a job that may not be refused waits past the queue's bound; a failing job frees its place", async () => {
    const pool = new WorkPool(1, 0);
    const first = gate();
    const running = pool.run(() => first.done, { mayRefuse: true });
    await expect(pool.run(async () => "refused?", { mayRefuse: true })).rejects.toBeInstanceOf(PoolFullError);
    const waiting = pool.run(async () => "waited", { mayRefuse: false });
    first.release();
    await running;
    expect(await waiting).toBe("waited");
    await expect(pool.run(() => Promise.reject(new Error("broken image")), { mayRefuse: true })).rejects.toThrow(
      "broken image",
    );
    expect(await pool.run(async () => "next", { mayRefuse: true })).toBe("next");
  });
});

describe("WorkPool.idle", () => {
  it("resolves only once no job runs or waits", async () => {
    const pool = new WorkPool(1, 5);
    await pool.idle(); // an empty pool is idle at once
    const [first, second] = [gate(), gate()];
    const jobs = [first, second].map((g) => pool.run(() => g.done, { mayRefuse: false }));
    let idle = false;
    const waiting = pool.idle().then(() => (idle = true));
    first.release();
    await jobs[0];
    expect(idle).toBe(false); // the second job took the place
    second.release();
    await Promise.all([...jobs, waiting]);
    expect(idle).toBe(true);
  });
});
