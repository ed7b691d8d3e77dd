import { sql } from "kysely";
import type { Db, DbOrTx } from "../db/database.server";
import type { GroupCommit } from "../db/group-commit.server";

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
 * per client (used on PostgreSQL, where more than one instance may run). One upsert per hit.
 */
export class DatabaseRateLimiter implements FormRateLimiter {
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
    /** When given, hits arriving together share one commit (many requests, one round of fsync). */
    private readonly writes?: GroupCommit,
  ) {}

  async hit(key: string): Promise<RateLimitVerdict> {
    const now = this.now();
    const windowStart = now - (now % this.windowMs);
    const upsert = (db: DbOrTx) =>
      db
        .insertInto("rate_limits")
        .values({ key, window_start: windowStart, count: 1 })
        .onConflict((oc) => oc.columns(["key", "window_start"]).doUpdateSet({ count: sql`rate_limits.count + 1` }))
        .returning("count")
        .executeTakeFirstOrThrow();
    const row = await (this.writes ? this.writes.run(upsert) : upsert(this.db));
    if (now - this.lastSweep > this.windowMs) {
      this.lastSweep = now;
      await this.db.deleteFrom("rate_limits").where("window_start", "<", windowStart).execute();
    }
    const allowed = Number(row.count) <= this.limit;
    return { allowed, retryAfterSeconds: allowed ? 0 : Math.ceil((windowStart + this.windowMs - now) / 1000) };
  }
}
