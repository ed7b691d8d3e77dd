import { expect, test, type Page } from "@playwright/test";
import { DEFAULT_HERO_SLIDES } from "~/content/hero-slides";
import { APPOINTMENT_FORM, homeDefaults } from "~/content/home";
import { APPOINTMENT_REQUIRED_MESSAGE } from "~/lib/forms/public-forms";
import { expectNoAxeViolations, switchTheme } from "./support/a11y";
import { e2eDb } from "./support/db";

/**
 * Home in the browser: the hero carousel (and its scroll strip without JavaScript), the appointment
 * form with and without JavaScript, axe. Tests tagged @mobile run at 390 px, the others at 1280 px.
 * What only the server's HTML decides (the slides' texts and buttons, the sections in order, the
 * services grid, the hours card, head tags, structured data, image loading hints, content and
 * slides saved in the database) is checked over HTTP in tests/integration/http/public-html-a.test.ts.
 */

const carousel = (page: Page) => page.locator("[data-carousel]");
const form = (page: Page) => page.locator("#appointment-form");
const toast = (page: Page, title: string) => page.locator("[data-toast]").filter({ hasText: title });
const uniqueEmail = (tag: string) => `home-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
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

async function rows(email: string) {
  return e2eDb().selectFrom("form_submissions").selectAll().where("email", "=", email).execute();
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
test.describe("appointment form", () => {
  test("missing required fields: the catalogue's toast, focus on the first, nothing sent", async ({ page }) => {
    await gotoHome(page);
    const f = form(page);
    let sent = 0;
    page.on("request", (r) => {
      if (r.url().includes("/api/forms/appointment")) sent++;
    });
    await f.getByLabel("First Name").fill("Ava");
    await f.getByRole("button", { name: APPOINTMENT_FORM.submit }).click();
    const error = toast(page, "Error");
    await expect(error).toBeVisible();
    await expect(error).toContainText(APPOINTMENT_REQUIRED_MESSAGE);
    await expect(error).toHaveAttribute("data-toast", "destructive");
    await expect(f.getByLabel("Last Name")).toBeFocused();
    await expect(f.getByLabel("First Name")).toHaveValue("Ava");
    expect(sent).toBe(0);
  });

  test("the fields have the spec's types and labels", async ({ page }) => {
    await gotoHome(page);
    const f = form(page);
    await expect(f.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(f.getByLabel("Phone")).toHaveAttribute("type", "tel");
    for (const name of ["First Name", "Last Name", "Email"]) {
      await expect(f.getByLabel(name)).toHaveAttribute("aria-required", "true");
      // The enhanced form shows the catalogue's toast, not the browser's bubble.
      await expect(f.getByLabel(name)).not.toHaveAttribute("required", "");
    }
    await expect(f.getByLabel("Message")).toBeVisible();
  });

  test("success: SUBMITTING..., the success toast, the form reset, a stored appointment_request", async ({ page }) => {
    await gotoHome(page);
    const f = form(page);
    const email = uniqueEmail("ok");
    await f.getByLabel("First Name").fill("Ava");
    await f.getByLabel("Last Name").fill("Thompson");
    await f.getByLabel("Email").fill(email);
    await f.getByLabel("Phone").fill("(713) 555-0123");
    await f.getByLabel("Message").fill("A balayage on a Thursday afternoon, please.");

    // Hold the answer back so the pending state can be seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/forms/appointment", async (route) => {
      await held;
      await route.continue();
    });
    const submit = f.locator('button[type="submit"]');
    await submit.click();
    await expect(submit).toHaveText("SUBMITTING...");
    await expect(submit).toBeDisabled();
    release();

    const success = toast(page, "Success!");
    await expect(success).toBeVisible();
    await expect(success).toContainText("Your appointment request has been submitted. We'll contact you shortly!");
    await expect(submit).toHaveText(APPOINTMENT_FORM.submit);
    await expect(submit).toBeEnabled();
    for (const name of ["First Name", "Last Name", "Email", "Phone", "Message"])
      await expect(f.getByLabel(name)).toHaveValue("");

    const stored = await rows(email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      form_type: "appointment_request",
      name: "Ava Thompson",
      email,
      phone: "(713) 555-0123",
      message: "A balayage on a Thursday afternoon, please.",
      page_path: "/",
    });
  });

  test("failure: the catalogue's failure toast and the visitor's data kept", async ({ page }) => {
    await gotoHome(page);
    const f = form(page);
    const email = uniqueEmail("fail");
    await page.route("**/api/forms/appointment", (route) => route.fulfill({ status: 500, body: "{}" }));
    await f.getByLabel("First Name").fill("Ava");
    await f.getByLabel("Last Name").fill("Thompson");
    await f.getByLabel("Email").fill(email);
    await f.getByRole("button", { name: APPOINTMENT_FORM.submit }).click();
    const error = toast(page, "Error");
    await expect(error).toContainText("Failed to submit your request. Please try again.");
    await expect(f.getByLabel("First Name")).toHaveValue("Ava");
    await expect(f.getByLabel("Last Name")).toHaveValue("Thompson");
    await expect(f.getByLabel("Email")).toHaveValue(email);
    expect(await rows(email)).toHaveLength(0);
  });

  test("works on a phone @mobile", async ({ page }) => {
    await gotoHome(page);
    const f = form(page);
    const email = uniqueEmail("mobile");
    await f.getByLabel("First Name").fill("Mia");
    await f.getByLabel("Last Name").fill("Chen");
    await f.getByLabel("Email").fill(email);
    await f.getByRole("button", { name: APPOINTMENT_FORM.submit }).click();
    await expect(toast(page, "Success!")).toBeVisible();
    await expect.poll(async () => (await rows(email)).map((r) => r.name)).toEqual(["Mia Chen"]);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("posts to the page, shows the status there and stores the row", async ({ page }) => {
      await page.goto("/");
      const f = form(page);
      const email = uniqueEmail("nojs");
      await f.getByLabel("First Name").fill("Noah");
      await f.getByLabel("Last Name").fill("Patel");
      await f.getByLabel("Email").fill(email);
      await f.getByLabel("Phone").fill("713-555-0188");
      await f.getByRole("button", { name: APPOINTMENT_FORM.submit }).click();
      await expect(page).toHaveURL(/\/\?index#appointment-section$/);
      const status = form(page).locator("[data-form-status]");
      await expect(status).toContainText("Success!");
      await expect(status).toContainText("Your appointment request has been submitted. We'll contact you shortly!");
      await expect(status).toBeInViewport();
      // The fields start empty again.
      await expect(form(page).getByLabel("First Name")).toHaveValue("");
      const stored = await rows(email);
      expect(stored.map((r) => [r.form_type, r.name])).toEqual([["appointment_request", "Noah Patel"]]);
    });

    test("missing fields: the catalogue's message on the page and the values kept", async ({ page }) => {
      await page.goto("/");
      const f = form(page);
      await f.getByLabel("First Name").fill("Noah");
      await f.getByLabel("Message").fill("Kept, please.");
      await f.getByRole("button", { name: APPOINTMENT_FORM.submit }).click();
      const status = form(page).locator("[data-form-status]");
      await expect(status).toContainText("Error");
      await expect(status).toContainText(APPOINTMENT_REQUIRED_MESSAGE);
      await expect(form(page).getByLabel("First Name")).toHaveValue("Noah");
      await expect(form(page).getByLabel("Message")).toHaveValue("Kept, please.");
      await expect(form(page).getByLabel("Last Name")).toHaveAttribute("aria-invalid", "true");
    });
  });
});

test.describe("accessibility", () => {
  test("no axe violations in the light theme, and in the dark one with a form error shown", async ({ page }) => {
    // Without motion the carousel holds still while axe looks at it.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await gotoHome(page, "load");
    await switchTheme(page, "light");
    await expectNoAxeViolations(page);
    await switchTheme(page, "dark");
    await form(page).getByRole("button", { name: APPOINTMENT_FORM.submit }).click();
    const error = toast(page, "Error");
    await expect(error).toBeVisible();
    // A pointer over the toast keeps it on screen for as long as axe takes.
    await error.hover();
    await expectNoAxeViolations(page);
  });
});
