import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";

/**
 * /about in the browser: axe (the dark theme: docs/testing.md, Accessibility). What the page says (welcome, CEO and its badge,
 * journey, gallery, mission, all from content), its head tags, image loading hints and content
 * saved in the database (sanitized) are checked over HTTP in tests/integration/http/public-html-a.test.ts.
 */

test("no axe violations", async ({ page }) => {
  await page.goto("/about");
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
  await expectNoAxeViolations(page);
});
