import { expect, test } from "@playwright/test";
import { expectNoAxeViolationsInBothThemes } from "./support/a11y";

/**
 * /about in the browser: axe in both themes. What the page says (welcome, CEO and its badge,
 * journey, gallery, mission, all from content), its head tags, image loading hints and content
 * saved in the database (sanitized) are checked over HTTP in tests/integration/http/public-html-a.test.ts.
 */

test("no axe violations in the light and the dark theme", async ({ page }) => {
  await page.goto("/about");
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
  await expectNoAxeViolationsInBothThemes(page);
});
