import { expect, test, type BrowserContext, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { SERVICE_OPTIONS } from "~/content/service-pages";
import { EDITABLE_PAGES } from "~/lib/admin-pages";
import { upsertUser } from "~/server/auth/users.server";
import { expectNoAxeViolations, expectNoAxeViolationsAtBothWidths, useTheme as setThemeCookie } from "./support/a11y";
import { gotoHydrated, signInAsUser } from "./support/admin-pages";
import { signIn } from "./support/auth";
import { startPrivateServer, type PrivateServer } from "./support/private-server";

/**
 * The pages list and the page editors. Tests that save content run against a private
 * server, so the pages other tests read keep their defaults. The server's answers (the list's search
 * without JavaScript, unknown editors' 404s, each editor's save reaching its public page, markup
 * typed into any text field shown as text there) are checked over HTTP in
 * tests/integration/http/admin-content.test.ts.
 */

const saveButton = (page: Page) => page.getByRole("button", { name: /^(Publish|Publishing…)$/ });

async function signInPrivate(context: BrowserContext, server: PrivateServer) {
  const email = `content-${Math.random().toString(16).slice(2)}@aurelia.test`;
  const { id } = await upsertUser(server.db, { email, password: "a-long-enough-password", role: "editor" });
  await signInAsUser(context, server.baseURL, server.db, id);
}

/** Opens an admin screen and waits for React to hydrate it (its controls act only then). */
const gotoAdmin = gotoHydrated;

/**
 * Waits until the editor shows its save as done: the form takes the saved values a frame after
 * the toast, and until then it still counts as edited (leaving the page would ask first).
 */
async function expectSaved(page: Page) {
  await expect(saveButton(page)).toHaveText("Publish");
  await expect(page.getByText("All changes saved")).toBeVisible();
}

/** A public page, for what it shows: its text is there once parsed, its images need not load. */
const gotoPublic = (page: Page, url: string) => page.goto(url, { waitUntil: "domcontentloaded" });

async function save(page: Page, toast: string) {
  await saveButton(page).click();
  await expect(page.getByText(toast, { exact: true })).toBeVisible();
  await expectSaved(page);
  await expectToastClearOf(page, saveButton(page));
}

/** The toast must never cover the Save button: the owner may want to save again at once. */
async function expectToastClearOf(page: Page, button: Locator) {
  const toast = await page.locator("[data-sonner-toast]").first().boundingBox();
  const target = await button.boundingBox();
  expect(toast && target).toBeTruthy();
  const apart =
    toast!.x + toast!.width <= target!.x ||
    target!.x + target!.width <= toast!.x ||
    toast!.y + toast!.height <= target!.y ||
    target!.y + target!.height <= toast!.y;
  expect(apart, `toast ${JSON.stringify(toast)} over the button ${JSON.stringify(target)}`).toBe(true);
}

test.describe("content list", () => {
  test("search on title or description as one types, the no-match message, Edit Page", async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!, "editor");
    await gotoAdmin(page, "/admin/pages");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pages Management");
    // What each card says and links to is checked over HTTP; here, the search as a person types.
    const cards = page.getByTestId("page-card");
    await expect(cards.getByRole("heading")).toHaveText(EDITABLE_PAGES.map((p) => p.title));

    const search = page.getByRole("searchbox", { name: "Find a page" });
    await search.fill("CONTACT");
    await expect(cards.getByRole("heading")).toHaveText(["Contact Us"]);
    await expect(page).toHaveURL(/\?q=CONTACT$/);
    // Description matches count too: "booking options" is in every service page's description.
    await search.fill("booking options");
    await expect(cards).toHaveCount(8);
    await search.fill("no such page");
    await expect(cards).toHaveCount(0);
    await expect(page.getByText('No pages found matching "no such page"')).toBeVisible();
    await search.fill("");
    await expect(cards).toHaveCount(EDITABLE_PAGES.length);

    await cards
      .filter({ hasText: "About Us" })
      .getByRole("link", { name: /Edit Page/ })
      .click();
    await expect(page).toHaveURL(/\/admin\/edit\/about$/);
    await expect(page.getByRole("heading", { level: 2, name: "Edit About Us" })).toBeVisible();
  });

  test("axe finds nothing on the list", async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!, "editor");
    await gotoAdmin(page, "/admin/pages");
    await expectNoAxeViolations(page);
  });

  test("axe finds nothing on an editor, light and dark; the SEO panel at 1280 and 390 px", async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!, "editor");
    // The suites editor on its nine-image gallery (light), then a service editor with its options
    // and its search and sharing panel with the previews, at both widths in both themes.
    await gotoAdmin(page, "/admin/edit/suites");
    await page.getByRole("tab", { name: "Gallery" }).click();
    await expect(
      page.getByRole("tabpanel", { name: "Gallery" }).getByRole("group", { name: "Gallery Image 9" }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await setThemeCookie(context, baseURL!, "dark");
    await gotoAdmin(page, "/admin/edit/service/lashes");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(page.getByTestId("service-options")).toBeVisible();
    await expect(page.getByRole("region", { name: "In search results" })).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(page);
  });
});

test.describe("unsaved changes", () => {
  test("leaving an edited editor asks first; Stay keeps the edit, Leave goes", async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!, "editor");
    await gotoAdmin(page, "/admin/edit/services");
    await expect(page.getByText("All changes saved")).toBeVisible();
    // Nothing changed: leaving does not ask.
    await page.getByRole("link", { name: "Back to Pages" }).click();
    await expect(page).toHaveURL(/\/admin\/pages$/);
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Edit Services Overview" })).toBeVisible();

    await page.getByLabel("Hero Title").fill("Not saved yet");
    await expect(page.getByText("You have unsaved changes")).toBeVisible();
    await page.getByRole("link", { name: "Back to Pages" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Stay on page" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/edit\/services$/);
    await expect(page.getByLabel("Hero Title")).toHaveValue("Not saved yet");

    // Closing or reloading the tab asks too: the beforeunload event is cancelled.
    const prevented = await page.evaluate(() => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(prevented).toBe(true);

    await page.getByRole("link", { name: "Pages", exact: true }).click();
    await dialog.getByRole("button", { name: "Leave page" }).click();
    await expect(page).toHaveURL(/\/admin\/pages$/);
  });
});

test.describe("saving content", () => {
  // In order in one worker (one server); a failing test does not skip the others.
  test.describe.configure({ mode: "default" });
  let server: PrivateServer;

  test.beforeAll(async () => {
    server = await startPrivateServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  test.beforeEach(async ({ context }) => {
    await signInPrivate(context, server);
  });

  test("a draft: saved, previewed in a new tab while visitors still see the published page, then published and listed in the history; axe at 1280 and 390 px in both themes", async ({
    page,
    context,
  }) => {
    const base = server.baseURL;
    await gotoAdmin(page, `${base}/admin/edit/services`);
    await page.getByLabel("Call-to-Action Title").fill("Still deciding? Ask us");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByText("Draft saved. Visitors see the published page until you publish.")).toBeVisible();
    const notice = page.getByTestId("draft-notice");
    await expect(notice.getByRole("heading", { name: "Draft — not published" })).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(page);

    const [preview] = await Promise.all([
      context.waitForEvent("page"),
      notice.getByRole("link", { name: /Preview/ }).click(),
    ]);
    await expect(preview.getByRole("main")).toContainText("Still deciding? Ask us");
    await gotoPublic(preview, `${base}/services`);
    await expect(preview.getByRole("main")).not.toContainText("Still deciding? Ask us");
    await preview.close();

    await saveButton(page).click();
    await expect(page.getByText("Services page updated successfully", { exact: true })).toBeVisible();
    await expect(notice).toBeHidden();
    const history = page.getByTestId("version-history");
    await history.getByText("What changed").first().click();
    await expect(history.locator("li").first()).toContainText("Still deciding? Ask us");
    await gotoPublic(page, `${base}/services`);
    await expect(page.getByRole("main")).toContainText("Still deciding? Ask us");
  });

  test("@mobile history: each publish with a word diff of what changed; Restore makes an older version the draft; axe at 390 and 1280 px in both themes", async ({
    page,
    context,
  }) => {
    const base = server.baseURL;
    await setThemeCookie(context, base, "dark");
    await gotoAdmin(page, `${base}/admin/edit/services`);
    const description = page.getByLabel("Hero Description", { exact: true });
    const first = "Send us your details and we will call you within two days.";
    for (const text of [first, "Send us your details and we will call you tomorrow."]) {
      await description.fill(text);
      await saveButton(page).click();
      await expect(page.getByText("All changes saved")).toBeVisible();
      await expect(description).toHaveValue(text);
    }
    const versions = page.getByTestId("version-history").locator("li");
    await expect(versions).toHaveCount(2);
    const newest = versions.first();
    await newest.getByText("What changed").click();
    await expect(newest.locator("del")).toHaveText("within two days");
    await expect(newest.locator("ins")).toHaveText("tomorrow");
    await expectNoAxeViolationsAtBothWidths(page);

    await versions
      .nth(1)
      .getByRole("button", { name: /^Restore/ })
      .click();
    await expect(page.getByText("That version is now the draft. Preview it, then publish.")).toBeVisible();
    await expect(page.getByTestId("draft-notice")).toBeVisible();
    await expect(description).toHaveValue(first);
  });

  test("home editor: the saving state, a toast per section, both sections on the home page", async ({ page }) => {
    const base = server.baseURL;

    // Home: a section per tab, each with its own toast.
    await gotoAdmin(page, `${base}/admin/edit/home`);
    await expect(page.getByTestId("hero-slide-count")).toContainText("4 slides");
    await expect(page.getByRole("link", { name: "Edit hero slides" })).toHaveAttribute("href", "/admin/hero-slides");
    await page.getByRole("tab", { name: "Professionals" }).click();
    await page.getByLabel("Section Title").fill("Grow Your Beauty Business");
    // Saving: the button says so and cannot be pressed twice (the save is held until that is seen).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/admin/edit/home*", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await saveButton(page).click();
    await expect(saveButton(page)).toHaveText("Publishing…");
    await expect(saveButton(page)).toBeDisabled();
    release();
    await expect(page.getByText("Professionals section updated successfully", { exact: true })).toBeVisible();
    await expectSaved(page);
    await page.unroute("**/admin/edit/home*");
    await page.getByRole("tab", { name: "About Section" }).click();
    await page.getByLabel("Button Text").fill("TOUR THE SUITES");
    await save(page, "About section updated successfully");
    await page.getByRole("tab", { name: "Services" }).click();
    await expect(page.getByRole("tabpanel").getByRole("link", { name: "Back to Pages" })).toHaveAttribute(
      "href",
      "/admin/pages",
    );
    await gotoPublic(page, `${base}/`);
    await expect(page.getByRole("heading", { level: 2, name: "Grow Your Beauty Business" })).toBeVisible();
    await expect(page.locator("#about").getByRole("link", { name: "TOUR THE SUITES" })).toBeVisible();
  });

  test("on a phone's width the contact editor saves, its toast clear of Save, and the hours show on the page", async ({
    page,
  }) => {
    const base = server.baseURL;
    // Monday's hours, shown on the contact page (and everywhere hours are). Saved on a phone's
    // width, where the toast and the Save bar share less room. (Each editor's save reaching its
    // page is checked over HTTP in tests/integration/http/admin-content.test.ts.)
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoAdmin(page, `${base}/admin/edit/contact`);
    await page.getByLabel("Monday").fill("10:00 AM - 2:00 PM");
    await save(page, "Contact page updated successfully");
    await gotoPublic(page, `${base}/contact`);
    await expect(page.getByRole("main")).toContainText("10:00 AM - 2:00 PM");
  });

  test("a service page editor: the description with its character count, then reset to default", async ({ page }) => {
    const base = server.baseURL;

    // A service page: its description, with the character count following the text.
    await gotoAdmin(page, `${base}/admin/edit/service/hair`);
    await page.getByRole("textbox", { name: "Description", exact: true }).fill("Color and cuts by specialists.");
    await expect(page.getByText("30 / 600 characters")).toBeVisible();
    await save(page, "Hair Services page updated successfully");
    await gotoPublic(page, `${base}/services/hair`);
    await expect(page.getByRole("main")).toContainText("Color and cuts by specialists.");

    // The editor shows the saved value and offers to reset it (only it).
    await gotoAdmin(page, `${base}/admin/edit/service/hair`);
    await expect(page.getByRole("textbox", { name: "Description", exact: true })).toHaveValue(
      "Color and cuts by specialists.",
    );
    await expect(page.getByRole("button", { name: /^Reset .* to default$/ })).toHaveCount(1);
    await page.getByRole("button", { name: "Reset Description to default" }).click();
    await expect(page.getByText("Description reset to default", { exact: true })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Description", exact: true })).toHaveValue(
      /^Cuts, color, silk presses/,
    );
    await expect(page.getByRole("button", { name: /^Reset .* to default$/ })).toHaveCount(0);
    // The reset is in the draft until it is published.
    await page.getByRole("button", { name: "Publish draft" }).click();
    await expect(page.getByText("Hair Services page updated successfully", { exact: true })).toBeVisible();
    await gotoPublic(page, `${base}/services/hair`);
    await expect(page.getByRole("main")).toContainText("Cuts, color, silk presses");
  });

  test("an invalid value is refused with the error toast and nothing changes", async ({ page }) => {
    const base = server.baseURL;
    await gotoAdmin(page, `${base}/admin/edit/contact`);
    await page.getByRole("textbox", { name: "Title", exact: true }).fill("Changed Title");
    await page.getByLabel("Map Embed URL").fill("https://evil.example/embed");
    await saveButton(page).click();
    await expect(page.getByText("Failed to save changes", { exact: true })).toBeVisible();
    await expect(page.getByText(/Use an https:\/\/ embed link from Google Maps/)).toBeVisible();
    await expect(page.getByLabel("Map Embed URL")).toHaveAttribute("aria-invalid", "true");
    await gotoPublic(page, `${base}/contact`);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Changed Title");

    await gotoAdmin(page, `${base}/admin/edit/contact`);
    const embed = "https://www.google.com/maps/embed?pb=!1m18!1m12!1m3";
    await page.getByLabel("Map Embed URL").fill(embed);
    await save(page, "Contact page updated successfully");
    await gotoPublic(page, `${base}/contact`);
    await expect(page.locator("iframe")).toHaveAttribute("src", embed);
  });

  test("service options: add, reorder and remove show on /services/{type} and /book/{type}", async ({ page }) => {
    const base = server.baseURL;
    const defaults = SERVICE_OPTIONS["body-sculpting"];
    await gotoAdmin(page, `${base}/admin/edit/service/body-sculpting`);
    const list = page.getByTestId("service-options").locator("[data-option]");
    await expect(list).toHaveText(defaults);
    const input = page.getByLabel("New option");

    await input.fill("  Zen Detox Wrap  ");
    await input.press("Enter"); // Enter adds (and does not submit the form)
    await input.fill("   ");
    await input.press("Enter"); // blank: ignored
    await input.fill("Aroma Body Polish");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(list).toHaveCount(defaults.length + 2);
    await expect(list.last()).toHaveText("Aroma Body Polish");
    await expect(list.nth(defaults.length)).toHaveText("Zen Detox Wrap");

    // Reorder from the keyboard: Zen Detox Wrap up twice; Body Wrap Detox removed.
    await page.getByRole("button", { name: "Move Zen Detox Wrap up" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Move Zen Detox Wrap up" })).toBeFocused();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Move Aroma Body Polish up" }).click();
    await page.getByRole("button", { name: "Remove Body Wrap Detox" }).click();

    // …, Post-Op Recovery Massage, Body Wrap Detox, Sculpting Package, Zen, Aroma becomes:
    const expected = [
      ...defaults.filter((o) => o !== "Body Wrap Detox" && o !== "Sculpting Package (5 sessions)"),
      "Zen Detox Wrap",
      "Aroma Body Polish",
      "Sculpting Package (5 sessions)",
    ];
    await expect(list).toHaveText(expected);
    await save(page, "Body Sculpting page updated successfully");

    // The booking page lists each option with its length and price.
    const withLength = (names: string[]) => names.map((n) => new RegExp(`^${n.replace(/[()]/g, "\\$&")} · \\d+ min`));
    await gotoPublic(page, `${base}/services/body-sculpting`);
    await expect(page.locator("select[name=option] option")).toHaveText(withLength(expected));
    await gotoPublic(page, `${base}/book/body-sculpting`);
    await expect(page.locator("select[name=option] option")).toHaveText(withLength(expected));

    // Emptying the list shows the empty state; Reset to default brings the defaults back.
    await gotoAdmin(page, `${base}/admin/edit/service/body-sculpting`);
    await expect(list).toHaveText(expected);
    for (const option of expected) await page.getByRole("button", { name: `Remove ${option}` }).click();
    await expect(page.getByText("No service options added yet")).toBeVisible();
    await page.getByRole("button", { name: "Reset Service Options to default" }).click();
    await expect(page.getByText("Service Options reset to default", { exact: true })).toBeVisible();
    await expect(list).toHaveText(defaults);
    await page.getByRole("button", { name: "Publish draft" }).click();
    await expect(page.getByText("All changes saved")).toBeVisible();
    await gotoPublic(page, `${base}/book/body-sculpting`);
    await expect(page.locator("select[name=option] option")).toHaveText(withLength(defaults));
  });

  test("an image chosen in a page editor is uploaded through the image field, saved, and shown as AVIF", async ({
    page,
  }) => {
    const base = server.baseURL;
    await gotoAdmin(page, `${base}/admin/edit/home`);
    await page.getByRole("tab", { name: "About Section" }).click();
    const field = page.locator('[data-image-field="about.image_url"]');
    const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#8a6f5e" } })
      .jpeg()
      .toBuffer();
    await field
      .getByLabel(/^Upload an image for/)
      .setInputFiles({ name: "about-suite.jpg", mimeType: "image/jpeg", buffer: photo });
    const input = field.getByLabel("Image path or URL");
    await expect(input).toHaveValue(/^\/media\/\d{4}\/\d{2}\/about-suite-[0-9a-f]{10}\.jpg$/);
    const url = await input.inputValue();
    await expect(field.getByRole("img")).toHaveAttribute("src", `/_img/480/webp${url}`);
    await save(page, "About section updated successfully");

    // The library lists it, and the field's "Choose from library" offers it.
    await page.reload();
    await page.locator("[data-hydrated]").waitFor();
    await page.getByRole("tab", { name: "About Section" }).click();
    await field.getByRole("button", { name: "Choose from library" }).click();
    const picker = page.getByRole("dialog", { name: "Choose from library" });
    await expect(picker.getByRole("button", { name: /^Choose about-suite\.jpg/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.keyboard.press("Escape");
    await expect(picker).toBeHidden();

    // The public page offers AVIF and WebP made from the upload, and the browser picks AVIF.
    await gotoPublic(page, `${base}/`);
    const img = page.locator("#about img").first();
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc))
      .toMatch(new RegExp(`^${base}/_img/\\d+/avif${url.replace(/[.]/g, "\\.")}$`));
  });
});
