import { sql } from "kysely";
import type { Db, DbOrTx } from "../db/database.server";
import { CommitBatcher } from "../db/group-commit.server";

export interface RateLimitVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Counts one hit for a key (a client address …) and says whether it is still within the limit. */
export interface FormRateLimiter {
  hit(key: string): RateLimitVerdict | Promise<RateLimitVerdict>;
}

/**
 * Fixed-window counter per key (a client address, an account …). In memory: one instance's view.
 */
export class RateLimiter implements FormRateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit; returns whether it is allowed and, if not, how long until it would be. */
  hit(key: string): { allowed: boolean; retryAfterSeconds: number } {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
      if (this.windows.size > 10_000) this.sweep(now);
    }
    window.count += 1;
    const allowed = window.count <= this.limit;
    const retryAfterSeconds = allowed ? 0 : Math.ceil((window.start + this.windowMs - now) / 1000);
    return { allowed, retryAfterSeconds };
  }

  private sweep(now: number) {
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }
}

/**
 * The same fixed window kept in the database, so several instances of the site share one count
 * per client (used on PostgreSQL, where more than one instance may run).
 *
 * The hits that arrive in the same turn of the event loop are counted together (see
 * CommitBatcher): one multi-row upsert adds each key's number of hits and returns its new count,
 * and every hit gets the count it would have seen alone, in arrival order. Under a burst that is
 * one statement instead of one per request.
 */
export class DatabaseRateLimiter implements FormRateLimiter {
  private lastSweep = 0;
  private readonly batcher: CommitBatcher<Hit, RateLimitVerdict>;

  constructor(
    private readonly db: Db,
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.batcher = new CommitBatcher(db, (tx, hits) => this.count(tx, hits));
  }

  async hit(key: string): Promise<RateLimitVerdict> {
    const now = this.now();
    const verdict = await this.batcher.add({ key, windowStart: now - (now % this.windowMs), now });
    if (now - this.lastSweep > this.windowMs) {
      this.lastSweep = now;
      await this.db
        .deleteFrom("rate_limits")
        .where("window_start", "<", now - (now % this.windowMs))
        .execute();
    }
    return verdict;
  }

  private async count(tx: DbOrTx, hits: Hit[]): Promise<RateLimitVerdict[]> {
    const groupOf = (hit: Hit) => `${hit.windowStart}|${hit.key}`;
    const groups = new Map<string, { key: string; window_start: number; count: number }>();
    for (const hit of hits) {
      const group = groups.get(groupOf(hit)) ?? { key: hit.key, window_start: hit.windowStart, count: 0 };
      group.count += 1;
      groups.set(groupOf(hit), group);
    }
    const rows = await tx
      .insertInto("rate_limits")
      .values([...groups.values()])
      .onConflict((oc) =>
        oc.columns(["key", "window_start"]).doUpdateSet({ count: sql`rate_limits.count + excluded.count` }),
      )
      .returning(["key", "window_start", "count"])
      .execute();
    // Each group's count before this batch; its hits count up from there in arrival order.
    const counted = new Map(
      rows.map((r) => {
        const id = `${Number(r.window_start)}|${r.key}`;
        return [id, Number(r.count) - groups.get(id)!.count];
      }),
    );
    return hits.map((hit) => {
      const count = counted.get(groupOf(hit))! + 1;
      counted.set(groupOf(hit), count);
      const allowed = count <= this.limit;
      return {
        allowed,
        retryAfterSeconds: allowed ? 0 : Math.ceil((hit.windowStart + this.windowMs - hit.now) / 1000),
      };
    });
  }
}

interface Hit {
  key: string;
  windowStart: number;
  now: number;
}
