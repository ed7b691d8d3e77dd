/**
 * Asks for a public page until the server answers it from its page cache, and returns that
 * answer. A page is kept a moment after its first render, once its brotli and gzip forms are made;
 * the answers before that are rendered afresh (their bodies are read and dropped here).
 */
export async function untilKept(ask: () => Promise<Response>, timeoutMs = 30_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await ask();
    if (answer.headers.get("x-cache") === "HIT") return answer;
    await answer.arrayBuffer();
    if (Date.now() > deadline) throw new Error(`the page was not kept within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
