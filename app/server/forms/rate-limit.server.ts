/**
 * Fixed-window counter per key (a client address, an account …). In memory: one instance's view.
 */
export class RateLimiter {
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
