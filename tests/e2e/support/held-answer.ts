import type { Page } from "@playwright/test";

/**
 * Holds the answer to the page's next POST to `url` (the server has already done it) until
 * `release()`: what the page does meanwhile happens, for certain, before the answer arrives.
 * `done` resolves once the server has answered.
 */
export async function holdNextAnswer(page: Page, url: RegExp): Promise<{ done: Promise<void>; release: () => void }> {
  let answered!: () => void;
  const done = new Promise<void>((resolve) => (answered = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const answer = await route.fetch();
    answered();
    await released;
    await route.fulfill({ response: answer });
  });
  return { done, release };
}
