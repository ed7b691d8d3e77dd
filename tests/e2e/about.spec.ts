import { expect, test } from "@playwright/test";
import { aboutDefaults as about } from "~/content/about";
import { expectNoAxeViolations, THEMES, useTheme } from "./support/a11y";

/**
 * /about: welcome, CEO, journey, gallery and mission, all from content. Head tags, image loading
 * hints and content saved in the database (sanitized) are checked over HTTP in
 * tests/integration/http/public-html-a.test.ts.
 */

test.describe("server HTML", () => {
  test.use({ javaScriptEnabled: false });

  test("welcome, CEO with its badge, journey, gallery and mission with the texts of content", async ({ page }) => {
    await page.goto("/about");
    const main = page.getByRole("main");

    await test.step("welcome, CEO, journey, gallery and mission with the texts of content", async () => {
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.locator("h1")).toHaveText(about.welcome_title);
      for (const key of [
        "welcome_label",
        "welcome_paragraph1",
        "welcome_paragraph2",
        "welcome_paragraph3",
        "ceo_label",
        "ceo_subtitle",
        "ceo_bio",
        "journey_label",
        "journey_description",
        "journey_quote",
        "journey_quote_attribution",
        "gallery_label",
        "gallery_description",
        "mission_label",
        "mission_text",
      ] as const) {
        await expect(main, key).toContainText(about[key]);
      }
      const h2 = await main.getByRole("heading", { level: 2 }).allTextContents();
      expect(h2).toEqual([about.ceo_title, about.journey_title, about.gallery_title, about.mission_title]);
      await expect(main.locator("blockquote")).toHaveText(about.journey_quote);
    });

    await test.step("the CEO badge: its number and the sanitized HTML label", async () => {
      const section = page.getByRole("region", { name: about.ceo_title });
      await expect(section).toContainText(about.ceo_badge_number);
      // "Years of<br><strong>beauty expertise</strong>" is rendered as HTML, not shown as tags.
      await expect(section.locator("strong")).toHaveText("beauty expertise");
      await expect(section.locator("br")).toHaveCount(1);
      await expect(section).not.toContainText("<strong>");
    });

    await test.step("four statistic tiles with the default numbers", async () => {
      const mission = page.getByRole("region", { name: about.mission_title });
      await expect(mission.locator("dd")).toHaveText(["500", "10", "5", "100"]);
      await expect(mission.locator("dt")).toHaveText([
        about.stat1_label,
        about.stat2_label,
        about.stat3_label,
        about.stat4_label,
      ]);
    });
  });
});

test.describe("accessibility", () => {
  for (const theme of THEMES) {
    test(`no axe violations in the ${theme} theme`, async ({ page, context, baseURL }) => {
      await useTheme(context, baseURL!, theme);
      await page.goto("/about");
      await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
      await expect(page.locator("html")).toHaveClass(theme);
      await expectNoAxeViolations(page);
    });
  }
});
