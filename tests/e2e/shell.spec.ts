import { expect, test, type Page } from "@playwright/test";
import { contactDefaults as contact } from "~/content/contact";
import { expectNoAxeViolations } from "./support/a11y";

/**
 * The public shell on every page: header, services dropdown, mobile menu, footer links, newsletter
 * box, theme toggle, back-to-top and the 404 page. Tests tagged @mobile run at 390 px, the rest at
 * 1280 px. That the server's HTML already holds every header link, and what the footer says and
 * links to, is checked over HTTP in tests/integration/http/public-html-a.test.ts.
 */

const SERVICES = [
  ["Hair", "/services/hair"],
  ["Nails and Pedicures", "/services/nails"],
  ["Lashes", "/services/lashes"],
  ["Makeup", "/services/makeup"],
  ["Eyebrows", "/services/eyebrows"],
  ["Lip Fillers", "/services/lip-fillers"],
  ["Wax", "/services/wax"],
  ["Facials", "/services/facials"],
] as const;

const MAIN_LINKS = [
  ["Home", "/"],
  ["About Us", "/about"],
  ["Suites", "/suites"],
  ["Contact Us", "/contact"],
] as const;

const SOCIAL = [
  ["Instagram", contact.social_instagram],
  ["Facebook", contact.social_facebook],
  ["TikTok", contact.social_tiktok],
] as const;

/**
 * Loads a page and waits for the enhancement script, so menus, theme and forms are enhanced. The
 * script runs only once the stylesheet is in, so images and fonts need not be waited for; axe
 * waits for the whole page ("load").
 */
async function gotoEnhanced(page: Page, path: string, waitUntil: "domcontentloaded" | "load" = "domcontentloaded") {
  const response = await page.goto(path, { waitUntil });
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
  return response;
}

const uniqueEmail = (tag: string) => `shell-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test.describe("header", () => {
  test("Book now is visible at every width, and visitors see no admin link", async ({ page }) => {
    await gotoEnhanced(page, "/");
    // One page, its window resized: the header's layout follows the width alone.
    for (const width of [390, 1024, 1100, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const header = page.getByRole("banner");
      const book = header.getByRole("link", { name: "Book now", exact: true });
      await expect(book, `${width} px`).toBeVisible();
      await expect(book).toHaveAttribute("href", "/bookings");
      // Inside the viewport, and no other visible header control overlaps it or leaves the viewport.
      const layout = await header.evaluate((root, bookHref) => {
        const rect = (el: Element) => el.getBoundingClientRect();
        const book = [...root.querySelectorAll("a")].find(
          (a) => a.textContent === "Book now" && a.getAttribute("href") === bookHref,
        )!;
        const b = rect(book);
        const controls = [...root.querySelectorAll("a, button, summary")].filter((el) => {
          const r = rect(el);
          return el !== book && r.width > 0 && r.height > 0 && el.checkVisibility();
        });
        return {
          right: b.right,
          overlapping: controls
            .filter((el) => {
              const r = rect(el);
              return r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
            })
            .map((el) => el.outerHTML.slice(0, 80)),
          outside: controls.filter((el) => rect(el).right > window.innerWidth).map((el) => el.outerHTML.slice(0, 80)),
        };
      }, "/bookings");
      expect(layout.right, `${width} px`).toBeLessThanOrEqual(width);
      expect(layout.overlapping, `${width} px`).toEqual([]);
      expect(layout.outside, `${width} px`).toEqual([]);
      await expect(page.locator('a[href^="/admin"]'), `${width} px`).toHaveCount(0);
    }
  });

  test("logo, main navigation and social links", async ({ page }) => {
    await gotoEnhanced(page, "/");
    const header = page.getByRole("banner");

    await test.step("logo and main navigation link to their pages", async () => {
      await expect(header.getByRole("link", { name: /Aurelia Beauty Bar & Suites/ })).toHaveAttribute("href", "/");
      const nav = page.getByRole("navigation", { name: "Main" });
      for (const [name, href] of MAIN_LINKS) {
        await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
      }
      await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
    });

    await test.step("social links open in a new tab under 'Follow us:'", async () => {
      await expect(header.getByText("Follow us:")).toBeVisible();
      for (const [name, href] of SOCIAL) {
        const link = header.getByRole("link", { name: new RegExp(name) });
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute("href", href);
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      }
      // The mobile menu's toggle is not shown on large screens.
      await expect(page.locator("#mobile-menu-toggle")).toBeHidden();
    });
  });

  test("the Services dropdown: the keyboard opens it, Escape and a click outside close it, its links navigate", async ({
    page,
  }) => {
    await gotoEnhanced(page, "/");
    const trigger = page.getByRole("navigation", { name: "Main" }).locator("summary", { hasText: "Services" });
    const panel = page.locator("#services-menu");
    await expect(panel).toBeHidden();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");

    await test.step("Enter opens it with the eight categories", async () => {
      await trigger.focus();
      await page.keyboard.press("Enter");
      await expect(trigger).toHaveAttribute("aria-expanded", "true");
      const links = panel.locator('a[href^="/services/"]');
      await expect(links).toHaveText(SERVICES.map(([name]) => name));
      for (const [name, href] of SERVICES)
        await expect(panel.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    });

    await test.step("Escape closes it and gives focus back to the trigger", async () => {
      await page.keyboard.press("Escape");
      await expect(panel).toBeHidden();
      await expect(trigger).toBeFocused();
      await expect(trigger).toHaveAttribute("aria-expanded", "false");
    });

    await test.step("a click outside closes it", async () => {
      await trigger.click();
      await expect(panel).toBeVisible();
      await page.locator("footer").click({ position: { x: 5, y: 5 } });
      await expect(panel).toBeHidden();
    });

    await test.step("open again, Tab into the list and follow the first link", async () => {
      await trigger.focus();
      await page.keyboard.press("Enter");
      await expect(panel).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(panel.getByRole("link", { name: "Hair", exact: true })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/services\/hair$/);
    });
  });
});

test.describe("mobile menu", () => {
  test("the toggle opens the menu with the links and indented services; toggle and Escape close it @mobile", async ({
    page,
  }) => {
    await gotoEnhanced(page, "/");
    const toggle = page.locator("#mobile-menu-toggle");
    const menu = page.locator("#mobile-menu");
    const nav = page.getByRole("navigation", { name: "Mobile" });

    await test.step("the toggle opens the menu with the links and indented services", async () => {
      await expect(toggle).toHaveAttribute("aria-controls", "mobile-menu");
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
      await expect(menu).toBeHidden();

      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect(nav).toBeVisible();
      for (const [name, href] of MAIN_LINKS) {
        await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
      }
      const services = nav.getByRole("list", { name: "Service categories" });
      await expect(services.getByRole("link")).toHaveText(SERVICES.map(([name]) => name));
      const topLevel = await nav.getByRole("link", { name: "About Us", exact: true }).boundingBox();
      const nested = await services.getByRole("link", { name: "Hair", exact: true }).boundingBox();
      expect(nested!.x).toBeGreaterThan(topLevel!.x + 12);
      await expect(nav.getByRole("link", { name: /admin/i })).toHaveCount(0);
    });

    await test.step("tapping the toggle again closes it", async () => {
      await toggle.click();
      await expect(menu).toBeHidden();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
    });

    await test.step("Escape closes the menu and returns focus to the toggle", async () => {
      await toggle.click();
      await nav.getByRole("link", { name: "Home", exact: true }).focus();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(toggle).toBeFocused();
    });
  });

  test("choosing a link closes the menu and navigates @mobile", async ({ page }) => {
    await gotoEnhanced(page, "/");
    await page.locator("#mobile-menu-toggle").click();
    const nav = page.getByRole("navigation", { name: "Mobile" });
    const link = nav.getByRole("link", { name: "Lip Fillers", exact: true });
    // The menu closes as the link is chosen, before the next page replaces this one.
    await link.evaluate((a) => a.addEventListener("click", (event) => event.preventDefault()));
    await link.click();
    await expect(page.locator("#mobile-menu")).toBeHidden();

    await page.locator("#mobile-menu-toggle").click();
    await nav.getByRole("link", { name: "Contact Us", exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.locator("#mobile-menu")).toBeHidden();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the menu still opens and its links work @mobile", async ({ page }) => {
      await page.goto("/");
      await page.locator("#mobile-menu-toggle").click();
      const nav = page.getByRole("navigation", { name: "Mobile" });
      await expect(nav.getByRole("list", { name: "Service categories" }).getByRole("link")).toHaveCount(8);
      await nav.getByRole("link", { name: "About Us", exact: true }).click();
      await expect(page).toHaveURL(/\/about$/);
      await expect(page.locator("#mobile-menu")).toBeHidden();
    });
  });
});

test.describe("footer", () => {
  test("following a link opens the next page at the top", async ({ page }) => {
    await gotoEnhanced(page, "/");
    const link = page.getByRole("contentinfo").getByRole("link", { name: "Pricing", exact: true });
    await link.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await link.click();
    await expect(page).toHaveURL(/\/bookings$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("newsletter", () => {
  test("an invalid address shows the field error; a valid one is confirmed with a toast and the field clears", async ({
    page,
  }) => {
    await gotoEnhanced(page, "/");
    const form = page.getByRole("form", { name: "Subscribe to our e-mail list" });
    const email = form.getByLabel("Email address");

    await test.step("an invalid address shows the field error", async () => {
      // Passes the browser's own check, fails the server's schema.
      await email.fill("maya@example");
      await form.getByRole("button", { name: "Subscribe" }).click();
      const error = form.locator("#newsletter-email-error");
      await expect(error).toHaveText("Enter a valid email address");
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expect(email).toHaveAttribute("aria-describedby", "newsletter-email-error");
      await expect(email).toBeFocused();
      await expect(email).toHaveValue("maya@example");
    });

    await test.step("a valid address is confirmed with a toast and the field clears", async () => {
      await email.fill(uniqueEmail("js"));
      await form.getByRole("button", { name: "Subscribe" }).click();
      const toast = page.getByRole("region", { name: "Notifications" }).getByRole("status");
      await expect(toast).toContainText("Thanks for subscribing!");
      await expect(email).toHaveValue("");
      await expect(email).not.toHaveAttribute("aria-invalid", "true");
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("subscribing posts, comes back to the same page and shows the status in place", async ({ page }) => {
      await page.goto("/this-does-not-exist?utm_source=shell");
      const form = page.getByRole("form", { name: "Subscribe to our e-mail list" });
      await form.getByLabel("Email address").fill(uniqueEmail("nojs"));
      await form.getByRole("button", { name: "Subscribe" }).click();
      await expect(page).toHaveURL(/\/this-does-not-exist\?utm_source=shell&subscribed=1#newsletter$/);
      await expect(page.getByRole("contentinfo").getByRole("status")).toContainText("Thanks for subscribing!");
    });

    test("an invalid address comes back with the field error", async ({ page }) => {
      await page.goto("/");
      const form = page.getByRole("form", { name: "Subscribe to our e-mail list" });
      await form.getByLabel("Email address").fill("maya@example");
      await form.getByRole("button", { name: "Subscribe" }).click();
      await expect(page).toHaveURL(/\/\?subscribe_error=email_invalid#newsletter$/);
      const email = form.getByLabel("Email address");
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expect(form.locator("#newsletter-email-error")).toHaveText("Enter a valid email address");
    });
  });
});

test.describe("back to top", () => {
  test("appears after 300 px of scrolling and returns to the top", async ({ page }) => {
    await gotoEnhanced(page, "/");
    // Make sure the page is long enough to scroll, whatever the page body holds today.
    await page.locator("main").evaluate((main) => (main.style.minHeight = "3000px"));
    const button = page.getByRole("button", { name: "Back to top" });
    await expect(button).toBeHidden();

    /** Scrolls and resolves once the page has handled the scroll event and drawn the next frame. */
    const scrollTo = (y: number) =>
      page.evaluate(
        (top) =>
          new Promise<void>((resolve) => {
            window.addEventListener("scroll", () => requestAnimationFrame(() => resolve()), { once: true });
            // "instant": the page scrolls smoothly by default, and this step is about the end position.
            window.scrollTo({ top, behavior: "instant" });
          }),
        y,
      );
    await scrollTo(250);
    expect(await page.evaluate(() => window.scrollY)).toBe(250);
    await expect(button).toBeHidden();

    await scrollTo(900);
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toBeHidden();
    // Keyboard focus is at the top of the page, not lost in the footer.
    await expect(page.locator("[data-page-top]")).toBeFocused();
  });
});

test.describe("theme", () => {
  test("the toggle switches the theme at once and the choice survives a reload", async ({ page }) => {
    await gotoEnhanced(page, "/");
    const html = page.locator("html");
    await expect(html).not.toHaveClass(/dark/);

    const toDark = page.getByRole("button", { name: "Switch to dark theme" });
    const saved = page.waitForResponse((r) => r.url().endsWith("/theme") && r.request().method() === "POST");
    await toDark.click();
    await expect(html).toHaveClass(/\bdark\b/);
    expect((await saved).ok()).toBe(true);

    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(html).toHaveAttribute("data-theme", "dark");

    const savedLight = page.waitForResponse((r) => r.url().endsWith("/theme") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(html).toHaveClass(/\blight\b/);
    await savedLight;
    await page.reload();
    await expect(html).toHaveClass(/\blight\b/);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the toggle posts, sets the cookie and comes back to the same page", async ({ page, context }) => {
      await page.goto("/this-does-not-exist?from=test");
      await page.getByRole("button", { name: "Switch to dark theme" }).click();
      await expect(page).toHaveURL(/\/this-does-not-exist\?from=test$/);
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      expect((await context.cookies()).find((c) => c.name === "theme")?.value).toBe("dark");

      await page.getByRole("button", { name: "Switch to light theme" }).click();
      await expect(page.locator("html")).toHaveClass(/\blight\b/);
    });
  });
});

test.describe("web fonts", () => {
  const bodyFace = (page: Page) => page.evaluate(() => getComputedStyle(document.body).fontFamily.split(",")[0]);
  /** Whether <html> had the web fonts' mark when the document was parsed (before the first frame). */
  const markedAtParse = (page: Page) => page.evaluate(() => (window as { markedAtParse?: boolean }).markedAtParse);

  test("a first visit draws in the local faces and asks for no font until the main picture is in; later pages use them from the first frame", async ({
    browser,
  }) => {
    const context = await browser.newContext();
    await context.addInitScript(() =>
      document.addEventListener("DOMContentLoaded", () => {
        (window as { markedAtParse?: boolean }).markedAtParse = document.documentElement.hasAttribute("data-web-fonts");
      }),
    );
    const page = await context.newPage();
    const fonts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
    });
    // Hold the home page's main photograph: the page cannot finish loading until it is let through.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_img\/\d+\/webp\/images\/hero-/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "domcontentloaded" });
    expect(await markedAtParse(page)).toBe(false);
    await expect(page.getByRole("heading", { level: 2, name: /Welcome/ }).first()).toBeVisible();
    expect(await bodyFace(page)).toBe('"Inter Fallback"');
    expect(fonts).toEqual([]);

    release();
    await expect(page.locator("html")).toHaveAttribute("data-web-fonts", "");
    await expect.poll(() => bodyFace(page)).toBe('"Inter Variable"');
    await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(true);
    // Only the core files: the home page's text needs no character of the extended ones.
    await expect.poll(() => fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/-core-/);

    // The next page knows this browser has the fonts: the head's script marks it before the first frame.
    await page.goto("/contact", { waitUntil: "domcontentloaded" });
    expect(await markedAtParse(page)).toBe(true);
    expect(await bodyFace(page)).toBe('"Inter Variable"');
    await context.close();
  });

  test("without JavaScript the web fonts are used from the start", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/contact");
    expect(await bodyFace(page)).toBe('"Inter Variable"');
    await context.close();
  });
});

test.describe("404 page", () => {
  // Axe here covers the layout of 'Service Not Found' (/services/{unknown}) too: the same heading,
  // text and buttons.
  test("unknown paths answer 404 with a way back home; no axe violations in the light and the dark theme", async ({
    page,
  }) => {
    const response = await gotoEnhanced(page, "/this-does-not-exist", "load");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
    // The shell is there too: header and footer.
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("main").getByRole("link", { name: "Return to home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  // The one phone scan: the open mobile menu exists only there (the shell around every page).
  test("has no accessibility violations with the mobile menu open @mobile", async ({ page }) => {
    await gotoEnhanced(page, "/this-does-not-exist", "load");
    await page.locator("#mobile-menu-toggle").click();
    await expect(page.locator("#mobile-menu")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
