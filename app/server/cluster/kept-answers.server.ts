/**
 * Answers kept per key for a while, at most `max` of them (the oldest go first), all dropped by
 * `clear` — which the change feed calls on every announced change (decision 62). `clear` also voids
 * computations begun before it: an answer worked out from data read before a change is not kept
 * after it.
 */
export class KeptAnswers<T> {
  private answers = new Map<string, { answer: T; expires: number }>();
  generation = 0;

  constructor(private readonly options: { max: number; ttlMs: number }) {}

  get(key: string): T | undefined {
    const kept = this.answers.get(key);
    if (!kept) return undefined;
    if (kept.expires >= Date.now()) return kept.answer;
    this.answers.delete(key);
    return undefined;
  }

  /** Keeps an answer computed since `generation` was read (nothing when a change came in between). */
  set(key: string, answer: T, generation: number) {
    if (generation !== this.generation) return;
    this.answers.delete(key);
    if (this.answers.size >= this.options.max) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, { answer, expires: Date.now() + this.options.ttlMs });
  }

  /** The kept answer, or `compute`'s, kept unless a change came in while it ran. */
  async keep(key: string, compute: () => Promise<T>): Promise<T> {
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    const generation = this.generation;
    const answer = await compute();
    this.set(key, answer, generation);
    return answer;
  }

  clear() {
    this.generation += 1;
    this.answers.clear();
  }
}
