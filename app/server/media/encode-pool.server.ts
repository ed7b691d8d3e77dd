import os from "node:os";

/** The pool is full and its queue too: the caller should answer 503 with Retry-After. */
export class PoolFullError extends Error {
  readonly retryAfterSeconds = 5;
  constructor() {
    super("Too many images are being prepared right now.");
  }
}

/**
 * Runs at most `size` jobs at once; up to `maxWaiting` more wait their turn, in order. Past that a
 * job that may be refused is refused at once (PoolFullError) instead of queueing without bound:
 * a burst of requests for uncached image variants must not starve the pages.
 */
export class WorkPool {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly idleWaiters: (() => void)[] = [];

  constructor(
    readonly size: number,
    readonly maxWaiting: number,
  ) {}

  async run<T>(job: () => Promise<T>, options: { mayRefuse: boolean }): Promise<T> {
    if (this.running < this.size) this.running += 1;
    else {
      if (options.mayRefuse && this.waiting.length >= this.maxWaiting) throw new PoolFullError();
      // The finishing job hands its place straight to this one (running stays the same).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
      if (this.running === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  /** Resolves when no job runs or waits: background work goes only then, after visitors' jobs. */
  idle(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  get active() {
    return this.running;
  }

  get queued() {
    return this.waiting.length;
  }
}

/**
 * Image encodes: as many at once as there are cores. The queue is long enough for a first
 * visitor's page of pictures on a fresh install (a browser does not retry an image that got 503),
 * and short enough that a flood of requests for variants cannot pile up work without end.
 * IMAGE_ENCODE_QUEUE sets it (tests set it low).
 */
export const encodePool = new WorkPool(
  Math.max(1, os.availableParallelism()),
  Number(process.env.IMAGE_ENCODE_QUEUE ?? 200),
);
