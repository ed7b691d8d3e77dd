import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, THEMES, useTheme } from "./support/a11y";

/**
 * /services, the treatment pages, 'Service Not Found', the booking hub and the /book pages in the
 * browser: following their links, a phone's width and axe. What the server's HTML says (cards,
 * prices, links, form fields, status codes) is checked over HTTP in
 * tests/integration/http/public-html-b.test.ts.
 */

const BOOKINGS = [
  ["hair", "Hair"],
  ["nails", "Nails"],
  ["body-sculpting", "Body Sculpting"],
  ["eyebrows", "Eyebrows"],
  ["makeup", "Makeup"],
  ["lashes", "Lashes"],
  ["facials-waxing", "Facials & Waxing"],
] as const;

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

test("every booking page answers 200 @mobile", async ({ page }) => {
  for (const [id, title] of BOOKINGS) {
    const response = await page.goto(`/book/${id}`);
    expect(response!.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
});

test.describe("accessibility", () => {
  test.slow(); // full-page scans of long pages
  // One scan per page type and theme: the index, a treatment page, the booking hub and 'Service Not
  // Found'. The /book and category pages are scanned (with a day and a slot chosen) in booking.spec.ts.
  for (const theme of THEMES) {
    for (const path of ["/services", "/services/facial", "/bookings", "/services/unknown"]) {
      test(`${path} has no violations in the ${theme} theme`, async ({ page, context, baseURL }) => {
        await useTheme(context, baseURL!, theme);
        await gotoEnhanced(page, path);
        await expect(page.locator("html")).toHaveClass(theme);
        await expectNoAxeViolations(page);
      });
    }
  }

  test("the services page has no violations on a phone @mobile", async ({ page }) => {
    await gotoEnhanced(page, "/services");
    await expectNoAxeViolations(page);
  });
});
