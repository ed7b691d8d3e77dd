import type { BrowserContext, Page } from "@playwright/test";
import { createSession, SESSION_COOKIE } from "~/server/auth/session.server";
import type { Db } from "~/server/db/database.server";

/**
 * Helpers of the admin's browser tests: knowing when a screen answers clicks, and signing a browser
 * in as a given user of a given server's database.
 */

/**
 * Opens an admin screen that marks itself `data-hydrated` and waits for the mark. The mark comes
 * with React's second render, which runs only after the first render's effects (the layout's
 * session watch included), so the screen's handlers and listeners are all in place.
 */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator("[data-hydrated]").first().waitFor();
}

/**
 * Waits until React has hydrated the element (its handlers are attached), for screens without a
 * `data-hydrated` mark such as the login form: typed text and clicks then reach React.
 */
export async function waitForHydration(page: Page, selector = "form"): Promise<void> {
  await page.waitForFunction((sel) => {
    const element = document.querySelector(sel);
    return !!element && Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
  }, selector);
}

/** Signs the browser context in as an existing user: a real session row and its cookie. */
export async function signInAsUser(context: BrowserContext, baseURL: string, db: Db, userId: number): Promise<void> {
  const token = await createSession(db, { userId, aal: "aal1", userAgent: "playwright", ip: "127.0.0.1" });
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}
