import { expect, test, type Locator, type Page } from "@playwright/test";
import { e2eDb } from "./support/db";

/**
 * The way a new client books on a 390 px phone, counted: from the home page to a held time in at
 * most 6 taps, the 4 contact fields and 3 page loads, with JavaScript (in a browser set to another
 * time zone than the salon's) and without it. What each page renders is checked over HTTP
 * (tests/integration/http/public-html-b.test.ts).
 */

const uniqueEmail = (tag: string) => `phone-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Counts what the client does: taps, and the pages the browser loads (not in-page scrolls or fetches). */
function counted(page: Page) {
  const count = { taps: 0, loads: 0 };
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) count.loads++;
  });
  const tap = async (target: Locator) => {
    count.taps++;
    await target.tap();
  };
  return { count, tap };
}

/** Books the `nth` free time of the first day (each test its own, as they run side by side). */
async function bookFromHome(page: Page, tag: string, nth: number) {
  const { count, tap } = counted(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await tap(page.getByRole("link", { name: "BOOK ONLINE" }).first());
  await tap(page.locator("#appointment-section").getByRole("link", { name: "Hair", exact: true }));
  await expect(page).toHaveURL(/\/book\/hair$/);

  const form = page.locator("form#booking-form");
  // The first day with a free time is chosen already: the form is the first thing under the title.
  const time = form.getByRole("radio").nth(nth);
  const start = (await time.getAttribute("value"))!;
  await tap(time.locator("xpath=.."));
  await expect(time).toBeChecked();
  const email = uniqueEmail(tag);
  await form.getByLabel("First Name").fill("Rosa");
  await form.getByLabel("Last Name").fill("Alvarez");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone").fill("(713) 555-0166");
  await tap(form.getByLabel("I agree to the terms and cancellation policy"));
  await tap(form.getByRole("button", { name: /appointment$/ }));
  await expect(page.locator("[data-booked]")).toBeVisible();

  expect(count.taps).toBeLessThanOrEqual(6);
  expect(count.loads).toBeLessThanOrEqual(3);
  const rows = await e2eDb().selectFrom("bookings").selectAll().where("email", "=", email).execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ service: "hair", starts_at: new Date(start).toISOString() });
  // Nothing sticks out sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  return count;
}

test.describe("from the home page to a held time on a phone", () => {
  test.use({ timezoneId: "Pacific/Auckland" });

  test("in at most 6 taps and 3 page loads, the times named in the salon's zone @mobile", async ({ page }) => {
    await page.goto("/book/hair", { waitUntil: "domcontentloaded" });
    await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
    // The form comes straight after the title: the option and the days are on the first screen.
    await expect(page.locator("[data-day-strip] [data-day]").first()).toBeInViewport();
    await expect(page.locator("[data-live-times] [data-time-zone-note]")).toHaveText(
      "Times are in Central time, the salon's time zone. Your device is set to New Zealand time.",
    );
    const count = await bookFromHome(page, "js", 1);
    test.info().annotations.push({ type: "measured", description: `${count.taps} taps, ${count.loads} page loads` });
    await expect(page.locator("[data-booked] [data-time-zone-note]")).toContainText("New Zealand time");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same way, in as many taps and page loads @mobile", async ({ page }) => {
    await bookFromHome(page, "nojs", 3);
  });
});
