import { expect, test } from "@playwright/test";
import { aboutDefaults as about } from "~/content/about";
import { expectNoAxeViolations, THEMES, useTheme } from "./support/a11y";
import { startPrivateServer, type PrivateServer } from "./support/private-server";

/** /about (SPEC.md sections 2 and 3): welcome, CEO, journey, gallery, mission, all from content. */

test.describe("server HTML", () => {
  test.use({ javaScriptEnabled: false });

  test("welcome, CEO, journey, gallery and mission with the texts of content", async ({ page }) => {
    await page.goto("/about");
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.locator("h1")).toHaveText(about.welcome_title);
    const main = page.getByRole("main");
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

  test("the CEO badge: its number and the sanitized HTML label", async ({ page }) => {
    await page.goto("/about");
    const section = page.getByRole("region", { name: about.ceo_title });
    await expect(section).toContainText(about.ceo_badge_number);
    // "Years of<br><strong>beauty expertise</strong>" is rendered as HTML, not shown as tags.
    await expect(section.locator("strong")).toHaveText("beauty expertise");
    await expect(section.locator("br")).toHaveCount(1);
    await expect(section).not.toContainText("<strong>");
  });

  test("four gallery images with their alt texts, and every image sized and responsive", async ({ page }) => {
    await page.goto("/about");
    const gallery = page.getByRole("region", { name: about.gallery_title });
    const images = gallery.getByRole("img");
    await expect(images).toHaveCount(4);
    for (let i = 0; i < 4; i++) {
      await expect(images.nth(i)).toHaveAttribute("alt", about[`gallery_alt${i + 1}` as keyof typeof about]);
      await expect(images.nth(i)).toHaveAttribute("loading", "lazy");
    }
    for (const img of await page.getByRole("main").locator("img").all()) {
      await expect(img).toHaveAttribute("width", /\d+/);
      await expect(img).toHaveAttribute("height", /\d+/);
      await expect(img).toHaveAttribute("srcset", /\/_img\/\d+\/jpeg\//);
    }
    await expect(page.getByRole("main").locator('source[type="image/avif"]').first()).toHaveAttribute("srcset", /avif/);
    // The welcome photograph is this page's LCP image.
    await expect(page.getByRole("main").locator("img").first()).toHaveAttribute("fetchpriority", "high");
  });

  test("four statistic tiles with the default numbers", async ({ page }) => {
    await page.goto("/about");
    const mission = page.getByRole("region", { name: about.mission_title });
    await expect(mission.locator("dd")).toHaveText(["500", "10", "5", "100"]);
    await expect(mission.locator("dt")).toHaveText([
      about.stat1_label,
      about.stat2_label,
      about.stat3_label,
      about.stat4_label,
    ]);
  });

  test("title, description, canonical and Open Graph", async ({ page }) => {
    await page.goto("/about");
    await expect(page).toHaveTitle(/^About Us \| /);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", about.welcome_paragraph1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/about$/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new RegExp(`${about.welcome_image}$`),
    );
  });
});

test.describe("content from the database", () => {
  let server: PrivateServer;
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async () => {
    server = await startPrivateServer(async ({ saveContent }) => {
      await saveContent("about", {
        welcome_title: "Hello from Upper Kirby",
        stat1_number: "750",
        // Sanitized when saved and when shown: the script never reaches the page.
        ceo_badge_label: 'Years<script>alert(1)</script> of <em>craft</em><img src=x onerror="alert(1)">',
        gallery_alt2: "A new styling station",
      });
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("overrides written for about keys show on the about page, the badge label sanitized", async ({ page }) => {
    await page.goto(`${server.baseURL}/about`);
    await expect(page.locator("h1")).toHaveText("Hello from Upper Kirby");
    await expect(page.getByRole("region", { name: about.mission_title }).locator("dd").first()).toHaveText("750");
    await expect(page.getByRole("img", { name: "A new styling station" })).toHaveCount(1);
    const ceo = page.getByRole("region", { name: about.ceo_title });
    await expect(ceo.locator("em")).toHaveText("craft");
    await expect(ceo.locator("script")).toHaveCount(0);
    await expect(ceo.locator("img[onerror]")).toHaveCount(0);
    // Keys without an override keep their defaults.
    await expect(page.getByRole("main")).toContainText(about.journey_quote);
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

  test("no axe violations on a phone @mobile", async ({ page }) => {
    await page.goto("/about");
    await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
    await expectNoAxeViolations(page);
  });
});
