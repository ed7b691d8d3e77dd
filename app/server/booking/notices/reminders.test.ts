import { describe, expect, it, vi } from "vitest";
import { createLogger } from "../../logger.server";
import { ReminderJob } from "./reminders.server";

describe("the reminder job", () => {
  it("runs a round at start and then every pollMs; stopping waits for the round under way and ends the rounds", async () => {
    vi.useFakeTimers();
    try {
      let release!: () => void;
      const queueDue = vi.fn(async () => {
        if (queueDue.mock.calls.length === 2) await new Promise<void>((resolve) => (release = resolve));
        return 1;
      });
      const onQueued = vi.fn();
      const job = new ReminderJob(queueDue, { logger: createLogger("silent"), pollMs: 1000, onQueued });
      job.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(queueDue).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(999);
      expect(queueDue).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(queueDue).toHaveBeenCalledTimes(2);

      let stopped = false;
      const stopping = job.stop().then(() => (stopped = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(stopped).toBe(false);
      release();
      await stopping;
      expect(onQueued).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(queueDue).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a kick runs a round within 200 ms while it waits, and one more 200 ms after a round under way (never two at once); a burst of kicks shares one", async () => {
    vi.useFakeTimers();
    try {
      let release: (() => void) | undefined;
      let running = 0;
      let overlapped = false;
      const queueDue = vi.fn(async () => {
        running += 1;
        overlapped ||= running > 1;
        if (queueDue.mock.calls.length === 2) await new Promise<void>((resolve) => (release = resolve));
        running -= 1;
        return 0;
      });
      const job = new ReminderJob(queueDue, { logger: createLogger("silent"), pollMs: 60_000 });
      job.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(queueDue).toHaveBeenCalledTimes(1);
      // Waiting for the next minute: a burst of kicks starts one round, 200 ms after the first.
      job.kick();
      await vi.advanceTimersByTimeAsync(150);
      for (let i = 0; i < 20; i++) job.kick();
      await vi.advanceTimersByTimeAsync(49);
      expect(queueDue).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(queueDue).toHaveBeenCalledTimes(2);
      // Kicked twice while that round runs: one more round 200 ms after it ends, not before.
      job.kick();
      job.kick();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(queueDue).toHaveBeenCalledTimes(2);
      release!();
      await vi.advanceTimersByTimeAsync(199);
      expect(queueDue).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(queueDue).toHaveBeenCalledTimes(3);
      await vi.advanceTimersByTimeAsync(59_999);
      expect(queueDue).toHaveBeenCalledTimes(3);
      await vi.advanceTimersByTimeAsync(1);
      expect(queueDue).toHaveBeenCalledTimes(4);
      expect(overlapped).toBe(false);
      await job.stop();
      job.kick();
      await vi.advanceTimersByTimeAsync(120_000);
      expect(queueDue).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it("logs a failed round and keeps going", async () => {
    const logger = createLogger("silent");
    const error = vi.spyOn(logger, "error");
    const job = new ReminderJob(async () => Promise.reject(new Error("database away")), { logger });
    expect(await job.runOnce()).toBe(0);
    expect(error).toHaveBeenCalledWith({ err: "Error: database away" }, "reminder round failed");
  });
});
