import { expect, test, type Page } from "@playwright/test";
import { DEFAULT_HERO_SLIDES } from "~/content/hero-slides";
import { homeDefaults } from "~/content/home";
import { expectNoAxeViolationsInBothThemes } from "./support/a11y";

/**
 * Home in the browser: the hero carousel (and its scroll strip without JavaScript), axe. The way
 * from BOOK ONLINE to a held time is tests/e2e/phone-booking.spec.ts. Tests tagged @mobile run at 390 px, the others at 1280 px.
 * What only the server's HTML decides (the slides' texts and buttons, the sections in order, the
 * services grid, the hours card, head tags, structured data, image loading hints, content and
 * slides saved in the database) is checked over HTTP in tests/integration/http/public-html-a.test.ts.
 */

const carousel = (page: Page) => page.locator("[data-carousel]");
const slideTitle = (i: number) => `${DEFAULT_HERO_SLIDES[i].title} ${DEFAULT_HERO_SLIDES[i].highlight}`;

/** The autoplay delay visitors get (a slide every 5 s). */
const AUTOPLAY_MS = 5_000;
/** Enough page time for a slide change to finish its animation. */
const SETTLE_MS = 1_000;

/**
 * Loads the home page and waits for the enhancement script and the carousel it loads lazily. The
 * script runs only once the stylesheet is in, so the layout is final without waiting for images
 * and fonts ("domcontentloaded"); axe waits for the whole page ("load").
 */
async function gotoHome(page: Page, waitUntil: "domcontentloaded" | "load" = "domcontentloaded") {
  await page.goto("/", { waitUntil });
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
  await expect(carousel(page)).toHaveAttribute("data-carousel-ready", "true");
}

/**
 * gotoHome with the page's clock paused from the start: the autoplay timer and the slide
 * animations only run when the test moves the page's time on (page.clock.runFor), so autoplay is
 * checked without real waiting and nothing moves by itself between two steps of a test.
 */
async function gotoHomeWithPausedClock(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  await gotoHome(page);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the slides are a scroll strip and each dot scrolls to its slide", async ({ page }) => {
    await page.goto("/");
    const viewport = page.locator("[data-carousel-viewport]");
    const { scrollWidth, clientWidth } = await viewport.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThanOrEqual(clientWidth * 4 - 4);
    await expect(viewport).toHaveCSS("overflow-x", "auto");
    await page.getByRole("link", { name: `Go to slide 3: ${slideTitle(2)}` }).click();
    await expect(page.locator("#hero-slide-3")).toBeInViewport({ ratio: 0.9 });
    await expect(page.locator("#hero-slide-3").getByRole("link", { name: /^CALL NOW/ })).toBeVisible();
  });
});

test.describe("hero carousel", () => {
  // The suite runs with reduced motion (playwright.config.ts); autoplay and the slide animations
  // are what these tests are about.
  test.use({ reducedMotion: "no-preference" });
  test("autoplays a slide every 5 s, quietly, and pauses while the pointer is over it", async ({ page }) => {
    await gotoHomeWithPausedClock(page);
    const root = carousel(page);
    const index = () => root.getAttribute("data-index");

    await test.step("autoplays to the next slide every 5 s", async () => {
      await expect(root).toHaveAttribute("data-index", "0");
      await expect(root).toHaveAttribute("data-autoplay", "playing");
      // When each slide change happened, on the page's clock.
      await page.evaluate(() => {
        const el = document.querySelector<HTMLElement>("[data-carousel]")!;
        const w = window as unknown as { changes: number[] };
        w.changes = [];
        new MutationObserver(() => w.changes.push(performance.now())).observe(el, { attributeFilter: ["data-index"] });
      });
      await page.clock.runFor(AUTOPLAY_MS - 100);
      expect(await index(), "still the first slide just before 5 s").toBe("0");
      await page.clock.runFor(200);
      await expect(root).toHaveAttribute("data-index", "1");
      await page.clock.runFor(AUTOPLAY_MS - 200);
      expect(await index(), "still the second slide just before the next 5 s").toBe("1");
      await page.clock.runFor(200);
      await expect(root).toHaveAttribute("data-index", "2");
      const changes = await page.evaluate(() => (window as unknown as { changes: number[] }).changes);
      expect(changes).toHaveLength(2);
      expect(changes[1] - changes[0]).toBe(AUTOPLAY_MS);
    });

    await test.step("the shown slide is in view, the others are inert, the live region quiet", async () => {
      await page.clock.runFor(SETTLE_MS);
      await expect(page.locator("#hero-slide-3")).toBeInViewport({ ratio: 0.9 });
      // The slides that are not shown are out of the way of keyboards and screen readers.
      await expect(page.locator("#hero-slide-1")).toHaveAttribute("inert", "");
      await expect(page.locator("#hero-slide-3")).not.toHaveAttribute("inert", "");
      // While it moves by itself the live region stays quiet.
      await expect(page.locator("[data-carousel-live]")).toHaveAttribute("aria-live", "off");
    });

    await test.step("pauses while the pointer is over it and resumes when it leaves", async () => {
      await page.locator("#hero-slide-3 h2").hover();
      await expect(root).toHaveAttribute("data-autoplay", "paused");
      await page.clock.runFor(3 * AUTOPLAY_MS);
      expect(await index(), "no slide change while the pointer is over it").toBe("2");
      // Leave: up to the header.
      await page.mouse.move(640, 60);
      await expect(root).toHaveAttribute("data-autoplay", "playing");
      await page.clock.runFor(AUTOPLAY_MS + 100);
      await expect(root).toHaveAttribute("data-index", "3");
    });
  });

  test("arrow keys move it, wrap at both ends, announce politely and stop the autoplay", async ({ page }) => {
    await gotoHomeWithPausedClock(page);
    const root = carousel(page);
    const live = page.locator("[data-carousel-live]");
    await page.locator("#hero-slide-1").getByRole("link", { name: "BOOK ONLINE" }).focus();
    await expect(root).toHaveAttribute("data-autoplay", "stopped");
    await expect(live).toHaveAttribute("aria-live", "polite");

    await page.keyboard.press("ArrowRight");
    await expect(root).toHaveAttribute("data-index", "1");
    await expect(live).toHaveText(`Slide 2 of 4: ${slideTitle(1)}`);
    // The link that had focus left with its slide: focus stays in the carousel, so keys keep working.
    await expect(root).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(root).toHaveAttribute("data-index", "3");
    await page.keyboard.press("ArrowRight");
    await expect(root).toHaveAttribute("data-index", "0");
    await expect(live).toHaveText(`Slide 1 of 4: ${slideTitle(0)}`);
    await page.keyboard.press("ArrowLeft");
    await expect(root).toHaveAttribute("data-index", "3");
    await page.clock.runFor(SETTLE_MS);
    await expect(page.locator("#hero-slide-4")).toBeInViewport({ ratio: 0.9 });
    // Stopped for good: no autoplay after the keys, however long the visitor stays.
    await page.clock.runFor(3 * AUTOPLAY_MS);
    expect(await root.getAttribute("data-index")).toBe("3");
    await expect(root).toHaveAttribute("data-autoplay", "stopped");
  });

  test("the arrows and the dots move it on large screens; 700 px high", async ({ page }) => {
    await gotoHomeWithPausedClock(page);
    const root = carousel(page);
    const next = page.getByRole("button", { name: "Next slide" });
    const previous = page.getByRole("button", { name: "Previous slide" });
    await expect(next).toBeVisible();
    await expect(previous).toBeVisible();
    await previous.click();
    await expect(root).toHaveAttribute("data-index", "3");
    await next.click();
    await expect(root).toHaveAttribute("data-index", "0");
    await page.getByRole("link", { name: `Go to slide 3: ${slideTitle(2)}` }).click();
    await expect(root).toHaveAttribute("data-index", "2");
    await expect(page.getByRole("link", { name: `Go to slide 3: ${slideTitle(2)}` })).toHaveAttribute(
      "aria-current",
      "true",
    );
    // A dot is an in-page link for the no-JS strip; with JavaScript the page does not jump.
    expect(new URL(page.url()).hash).toBe("");
    expect((await page.locator("#hero-slide-1").boundingBox())?.height).toBe(700);
  });

  test("a drag moves it and stops the autoplay for good", async ({ page }) => {
    await gotoHomeWithPausedClock(page);
    const root = carousel(page);
    const box = (await page.locator("[data-carousel-viewport]").boundingBox())!;
    const y = box.y + box.height - 150;
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, y, { steps: 8 });
    await page.mouse.move(box.x + box.width * 0.2, y, { steps: 8 });
    await page.mouse.up();
    await page.clock.runFor(SETTLE_MS);
    await expect(root).toHaveAttribute("data-index", "1");
    await expect(root).toHaveAttribute("data-autoplay", "stopped");
    await page.mouse.move(640, 60);
    await page.clock.runFor(3 * AUTOPLAY_MS);
    expect(await root.getAttribute("data-index")).toBe("1");
    await expect(root).toHaveAttribute("data-autoplay", "stopped");
  });

  test("BOOK ONLINE and LEARN MORE scroll to the appointment and about sections", async ({ page }) => {
    await gotoHomeWithPausedClock(page);
    const appointment = page.locator("#appointment-section");

    await test.step("BOOK ONLINE scrolls to the appointment section", async () => {
      await expect(appointment).not.toBeInViewport();
      await page.locator("#hero-slide-1").getByRole("link", { name: "BOOK ONLINE" }).click();
      await expect(page).toHaveURL(/#appointment-section$/);
      await expect(appointment.getByRole("heading", { name: "Get Appointment" })).toBeInViewport();
    });

    await test.step("LEARN MORE on the last slide scrolls to the about section", async () => {
      await page.getByRole("link", { name: /^Go to slide 4/ }).click();
      await expect(carousel(page)).toHaveAttribute("data-index", "3");
      await page.clock.runFor(SETTLE_MS);
      await page.locator("#hero-slide-4").getByRole("link", { name: "LEARN MORE" }).click();
      await expect(page).toHaveURL(/#about$/);
      await expect(page.locator("#about").getByRole("heading", { name: homeDefaults["about.title"] })).toBeInViewport();
    });
  });

  test("no arrows on small screens, dots instead; 600 px high @mobile", async ({ page }) => {
    await gotoHomeWithPausedClock(page);
    await expect(page.getByRole("button", { name: "Next slide" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Previous slide" })).toBeHidden();
    await page.getByRole("link", { name: /^Go to slide 2/ }).click();
    await expect(carousel(page)).toHaveAttribute("data-index", "1");
    expect((await page.locator("#hero-slide-1").boundingBox())?.height).toBe(600);
  });
});

test.describe("accessibility", () => {
  test("no axe violations in the light theme and in the dark one", async ({ page }) => {
    // Without motion the carousel holds still while axe looks at it.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await gotoHome(page, "load");
    await expectNoAxeViolationsInBothThemes(page);
  });
});
