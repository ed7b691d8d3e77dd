import { afterEach, describe, expect, it, vi } from "vitest";
import { KeptAnswers } from "./kept-answers.server";

describe("KeptAnswers", () => {
  afterEach(() => vi.useRealTimers());

  it("keeps an answer per key until its time is up", async () => {
    vi.useFakeTimers();
    const kept = new KeptAnswers<number>({ max: 10, ttlMs: 60_000 });
    let computed = 0;
    const compute = async () => ++computed;
    expect(await kept.keep("a", compute)).toBe(1);
    expect(await kept.keep("a", compute)).toBe(1);
    expect(await kept.keep("b", compute)).toBe(2);
    vi.advanceTimersByTime(60_001);
    expect(await kept.keep("a", compute)).toBe(3);
  });

  it("drops every answer on clear", async () => {
    const kept = new KeptAnswers<string>({ max: 10, ttlMs: 60_000 });
    await kept.keep("a", async () => "before");
    kept.clear();
    expect(kept.get("a")).toBeUndefined();
    expect(await kept.keep("a", async () => "after")).toBe("after");
  });

  it("does not keep an answer whose computation began before a clear", async () => {
    const kept = new KeptAnswers<string>({ max: 10, ttlMs: 60_000 });
    let finish: (value: string) => void = () => undefined;
    const pending = kept.keep("a", () => new Promise<string>((resolve) => (finish = resolve)));
    kept.clear(); // a change committed while the answer was being read
    finish("stale");
    expect(await pending).toBe("stale");
    expect(kept.get("a")).toBeUndefined();
  });

  it("lets the oldest answer go first when full", async () => {
    const kept = new KeptAnswers<string>({ max: 2, ttlMs: 60_000 });
    await kept.keep("a", async () => "A");
    await kept.keep("b", async () => "B");
    await kept.keep("a", async () => "A again"); // kept: no computation, no reordering
    await kept.keep("c", async () => "C");
    expect(kept.get("a")).toBeUndefined();
    expect(kept.get("b")).toBe("B");
    expect(kept.get("c")).toBe("C");
  });
});
