import { expect, test, type Locator } from "@playwright/test";
import { expectNoAxeViolations, useTheme } from "./support/a11y";
import { e2eDb } from "./support/db";

/**
 * A stylist on a phone books a suite tour from the home page: "Book A Tour", a time of the suite
 * manager's, their contact fields and specialty, "Book tour" — in at most 5 taps besides the fields,
 * in the dark theme, axe clean. The page's HTML, refusals and limits are checked over HTTP
 * (tests/integration/http/booking-api.test.ts).
 */
test("a phone visitor books a suite tour from / in at most 5 taps plus the contact fields, dark, axe clean @mobile", async ({
  page,
  context,
  baseURL,
}) => {
  await useTheme(context, baseURL!, "dark");
  let taps = 0;
  const tap = async (target: Locator) => {
    taps++;
    await target.tap();
  };
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await tap(page.getByRole("link", { name: "Book A Tour" }));
  await expect(page).toHaveURL(/\/suites\/tour$/);
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");

  const form = page.locator("form#booking-form");
  // The first day with a free time is chosen already.
  const time = form.getByRole("radio").first();
  const start = (await time.getAttribute("value"))!;
  await tap(time.locator("xpath=.."));
  await expect(time).toBeChecked();
  const email = `tour-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await form.getByLabel("First Name").fill("Nia");
  await form.getByLabel("Last Name").fill("Brooks");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone").fill("(713) 555-0177");
  await form.getByLabel("Your specialty").fill("Lash artist");
  await expectNoAxeViolations(page);
  await tap(form.getByRole("button", { name: "Book tour" }));
  await expect(page.locator("[data-booked]")).toContainText("Your suite tour is booked");
  await expect(page.getByRole("link", { name: "View or change your tour" })).toBeVisible();

  expect(taps).toBeLessThanOrEqual(5);
  test.info().annotations.push({ type: "measured", description: `${taps} taps` });
  const rows = await e2eDb().selectFrom("bookings").selectAll().where("email", "=", email).execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ service: "suite-tour", starts_at: new Date(start).toISOString() });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
