import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";

/**
 * /services, the treatment pages, the booking hub and the /book pages in the browser: following
 * their links, a phone's width and axe. What the server's HTML says (cards,
 * prices, links, form fields, status codes, each booking page's title) is checked over HTTP in
 * tests/integration/http/public-html-b.test.ts.
 */

const BOOKINGS = ["hair", "nails", "body-sculpting", "eyebrows", "makeup", "lashes", "facials-waxing"] as const;

/** Opens a page without waiting for its images, once its script has taken over. */
async function gotoEnhanced(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: "domcontentloaded" });
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
  return response;
}

test("LEARN MORE opens the treatment's page", async ({ page }) => {
  await gotoEnhanced(page, "/services");
  await page.getByRole("link", { name: "Learn More about Spa Packages" }).click();
  await expect(page).toHaveURL(/\/services\/spa-package$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Spa Packages");
});

test("a Book Appointment card on /bookings opens its booking page", async ({ page }) => {
  await gotoEnhanced(page, "/bookings");
  await page.getByRole("link", { name: "Book Appointment for Body Sculpting" }).click();
  await expect(page).toHaveURL(/\/book\/body-sculpting$/);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText("Body Sculpting");
});

test("every booking page fits a phone's width @mobile", async ({ page }) => {
  for (const id of BOOKINGS) {
    // The layout is final once the stylesheet is in (images have their sizes): no need to wait for them.
    const response = await page.goto(`/book/${id}`, { waitUntil: "domcontentloaded" });
    expect(response!.status(), id).toBe(200);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), id).toBeLessThanOrEqual(390);
  }
});

test.describe("accessibility", () => {
  // One scan per page type: the index, a treatment page and the booking hub. The /book
  // and category pages are scanned (with a day and a slot chosen) in booking.spec.ts; 'Service Not
  // Found' is the 404 page's layout (the same heading, text and buttons), scanned in shell.spec.ts.
  for (const path of ["/services", "/services/facial", "/bookings"]) {
    test(`${path} has no violations`, async ({ page }) => {
      await gotoEnhanced(page, path);
      await expectNoAxeViolations(page);
    });
  }

  test("the services page has no violations on a phone @mobile", async ({ page }) => {
    await gotoEnhanced(page, "/services");
    await expectNoAxeViolations(page);
  });
});
