import { sql } from "kysely";
import type { Db, DbOrTx } from "../db/database.server";
import { CommitBatcher } from "../db/group-commit.server";

/** The answer past a JSON API's per-minute limit (POST /api/bookings, GET /api/availability). */
export const TOO_MANY_REQUESTS = "Too many requests. Please wait a moment and try again.";

export interface RateLimitVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Counts one hit for a key (a client address …) and says whether it is still within the limit. */
export interface FormRateLimiter {
  hit(key: string): RateLimitVerdict | Promise<RateLimitVerdict>;
  /**
   * Takes back the key's latest allowed hit (an attempt that turned out not to count, such as a
   * booking refused because its time was taken). Nothing when it has none in the window.
   */
  giveBack?(key: string): void | Promise<void>;
}

/**
 * A window is counted in this many slots: a hit is allowed while the hits allowed in its slot and
 * in every slot that began within the window before it stay below the limit. So any stretch of
 * time as long as the window holds at most `limit` allowed hits (a burst across a minute on the
 * clock gets no more than one burst), and a client is let in again at most a tenth of the window
 * after its oldest hit left the window.
 */
const SLOTS_PER_WINDOW = 10;

const slotLength = (windowMs: number) => Math.max(1, Math.ceil(windowMs / SLOTS_PER_WINDOW));
const slotOf = (time: number, slotMs: number) => Math.floor(time / slotMs) * slotMs;

/**
 * The verdict on a hit at `now`, given the hits allowed so far per slot start (`slots`; slots
 * that left the window are ignored). Records nothing.
 */
function slidingVerdict(
  slots: Iterable<[number, number]>,
  now: number,
  window: { limit: number; windowMs: number; slotMs: number },
): RateLimitVerdict {
  const first = slotOf(now - window.windowMs, window.slotMs);
  const live = [...slots].filter(([start]) => start >= first).sort((a, b) => a[0] - b[0]);
  let total = live.reduce((sum, [, count]) => sum + count, 0);
  if (total < window.limit) return { allowed: true, retryAfterSeconds: 0 };
  // Allowed again once enough of the oldest slots have left the window.
  for (const [start, count] of live) {
    total -= count;
    if (total < window.limit) {
      const leavesAt = start + window.slotMs + window.windowMs;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((leavesAt - now) / 1000)) };
    }
  }
  return { allowed: false, retryAfterSeconds: Math.ceil((window.windowMs + window.slotMs) / 1000) };
}

/**
 * Sliding-window counter per key (a client address, an account …): at most `limit` allowed hits
 * in any `windowMs`. Refused hits are not counted, so a retry never pushes the next chance back.
 * In memory: one instance's view.
 */
export class RateLimiter implements FormRateLimiter {
  private readonly keys = new Map<string, Map<number, number>>();
  private readonly slotMs: number;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.slotMs = slotLength(windowMs);
  }

  /** Counts one hit; returns whether it is allowed and, if not, how long until it would be. */
  hit(key: string): RateLimitVerdict {
    const now = this.now();
    let slots = this.keys.get(key);
    if (!slots) {
      slots = new Map();
      this.keys.set(key, slots);
      if (this.keys.size > 10_000) this.sweep(now);
    }
    const first = slotOf(now - this.windowMs, this.slotMs);
    for (const start of slots.keys()) if (start < first) slots.delete(start);
    const verdict = slidingVerdict(slots, now, { limit: this.limit, windowMs: this.windowMs, slotMs: this.slotMs });
    if (verdict.allowed) {
      const slot = slotOf(now, this.slotMs);
      slots.set(slot, (slots.get(slot) ?? 0) + 1);
    }
    return verdict;
  }

  giveBack(key: string): void {
    const slots = this.keys.get(key);
    if (!slots) return;
    const latest = Math.max(...[...slots].filter(([, count]) => count > 0).map(([start]) => start));
    if (Number.isFinite(latest)) slots.set(latest, slots.get(latest)! - 1);
  }

  private sweep(now: number) {
    const first = slotOf(now - this.windowMs, this.slotMs);
    for (const [key, slots] of this.keys) if (![...slots.keys()].some((start) => start >= first)) this.keys.delete(key);
  }
}

/** How often the database limiter deletes the slots that no limiter counts any more. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The same sliding window kept in the database (table rate_limits: one row per key and slot), so
 * several instances of the site share one count per client (used on PostgreSQL, where more than
 * one instance may run). `scope` keeps limiters with other windows apart in the one table.
 *
 * The hits that arrive in the same turn of the event loop are counted together (see
 * CommitBatcher), in one transaction: one multi-row upsert adds each key's hits to its current
 * slot (its row stays locked until the commit, so instances add up one after the other), one
 * select reads the keys' slots in the window, and every hit gets the verdict it would have had
 * alone, in arrival order. The hits refused are taken off again with one update per key, so only
 * allowed hits stay counted; meanwhile another instance may see them and refuse a hit it could
 * have allowed, never the other way round.
 */
export class DatabaseRateLimiter implements FormRateLimiter {
  private lastSweep = 0;
  private readonly slotMs: number;
  private readonly batcher: CommitBatcher<Hit, RateLimitVerdict>;

  constructor(
    private readonly db: Db,
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly scope = "",
  ) {
    this.slotMs = slotLength(windowMs);
    this.batcher = new CommitBatcher(db, (tx, hits) => this.count(tx, hits));
  }

  async hit(key: string): Promise<RateLimitVerdict> {
    const now = this.now();
    const verdict = await this.batcher.add({ key: this.scope ? `${this.scope}:${key}` : key, now });
    if (now - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = now;
      await this.db.deleteFrom("rate_limits").where("expires_at", "<", now).execute();
    }
    return verdict;
  }

  async giveBack(key: string): Promise<void> {
    const scoped = this.scope ? `${this.scope}:${key}` : key;
    // One statement: the latest slot that still counts a hit loses one ("count > 0" is judged again
    // on the row a concurrent change left, so it never goes below zero).
    await this.db
      .updateTable("rate_limits")
      .set({ count: sql`count - 1` })
      .where("key", "=", scoped)
      .where("count", ">", 0)
      .where("window_start", "=", (eb) =>
        eb
          .selectFrom("rate_limits as latest")
          .select((e) => e.fn.max("latest.window_start").as("start"))
          .where("latest.key", "=", scoped)
          .where("latest.count", ">", 0),
      )
      .execute();
  }

  private async count(tx: DbOrTx, hits: Hit[]): Promise<RateLimitVerdict[]> {
    const slotKey = (key: string, slot: number) => `${slot}|${key}`;
    const groups = new Map<string, { key: string; window_start: number; count: number; expires_at: number }>();
    for (const hit of hits) {
      const slot = slotOf(hit.now, this.slotMs);
      const id = slotKey(hit.key, slot);
      const group = groups.get(id) ?? {
        key: hit.key,
        window_start: slot,
        count: 0,
        expires_at: slot + this.slotMs + this.windowMs,
      };
      group.count += 1;
      groups.set(id, group);
    }
    // Always in the same order, so two instances' batches never wait on each other's rows.
    const added = [...groups.values()].sort((a, b) =>
      a.key === b.key ? a.window_start - b.window_start : a.key < b.key ? -1 : 1,
    );
    await tx
      .insertInto("rate_limits")
      .values(added)
      .onConflict((oc) =>
        oc.columns(["key", "window_start"]).doUpdateSet({ count: sql`rate_limits.count + excluded.count` }),
      )
      .execute();
    const oldest = Math.min(...hits.map((hit) => slotOf(hit.now - this.windowMs, this.slotMs)));
    const rows = await tx
      .selectFrom("rate_limits")
      .select(["key", "window_start", "count"])
      .where("key", "in", [...new Set(hits.map((hit) => hit.key))])
      .where("window_start", ">=", oldest)
      .execute();
    // Each key's allowed hits per slot before this batch; its hits count up from there in arrival order.
    const slots = new Map<string, Map<number, number>>();
    for (const row of rows) {
      const slot = Number(row.window_start);
      const ours = groups.get(slotKey(row.key, slot))?.count ?? 0;
      const counts = slots.get(row.key) ?? new Map<number, number>();
      counts.set(slot, Number(row.count) - ours);
      slots.set(row.key, counts);
    }
    const refused = new Map<string, number>();
    const verdicts = hits.map((hit) => {
      const counts = slots.get(hit.key)!;
      const verdict = slidingVerdict(counts, hit.now, {
        limit: this.limit,
        windowMs: this.windowMs,
        slotMs: this.slotMs,
      });
      const slot = slotOf(hit.now, this.slotMs);
      if (verdict.allowed) counts.set(slot, (counts.get(slot) ?? 0) + 1);
      else refused.set(slotKey(hit.key, slot), (refused.get(slotKey(hit.key, slot)) ?? 0) + 1);
      return verdict;
    });
    for (const [id, count] of refused) {
      const { key, window_start } = groups.get(id)!;
      await tx
        .updateTable("rate_limits")
        .set({ count: sql`count - ${count}` })
        .where("key", "=", key)
        .where("window_start", "=", window_start)
        .execute();
    }
    return verdicts;
  }
}

interface Hit {
  key: string;
  now: number;
}
