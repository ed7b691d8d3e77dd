import AxeBuilder from "@axe-core/playwright";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";

export type Theme = "light" | "dark";

/** The time one axe scan may take, added to the running test's limit (expectNoAxeViolations). */
const AXE_SCAN_BUDGET_MS = 20_000;
export const THEMES: Theme[] = ["light", "dark"];
/** The axe rules whose outcome depends on colours, the only thing a theme changes. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** Sets the theme cookie the server renders with (no flash: the class is in the HTML). */
export async function useTheme(context: BrowserContext, baseURL: string, theme: Theme): Promise<void> {
  await context.addCookies([{ name: "theme", value: theme, url: baseURL }]);
}

/**
 * Switches the page shown to a theme in place, as the site's theme toggle does (the class and
 * data-theme of <html> and the color-scheme meta are all a theme changes), and sets the cookie so
 * the next page is rendered in it. Returns once the colours have finished their transitions: axe
 * must read the colours a person reads.
 */
export async function switchTheme(page: Page, theme: Theme): Promise<void> {
  await page.context().addCookies([{ name: "theme", value: theme, url: page.url() }]);
  await page.evaluate((next) => {
    const root = document.documentElement;
    if (root.classList.contains(next)) return;
    // A public page's own toggle when it switches to that theme (it renames its button too); the
    // admin has none.
    const toggle = document.querySelector<HTMLButtonElement>("html[data-enhanced] form[data-theme-toggle] button");
    if (toggle?.value === next) return toggle.form!.requestSubmit(toggle);
    root.classList.remove("light", "dark");
    root.classList.add(next);
    root.dataset.theme = next;
    document.querySelector('meta[name="color-scheme"]')?.setAttribute("content", next);
  }, theme);
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));
}

/**
 * Runs axe on the page as it is and fails with a readable list (rule, impact, the first few
 * offending elements) instead of a wall of JSON. `include` scans only what matches (a dialog over
 * a page already scanned).
 */
export async function expectNoAxeViolations(
  page: Page,
  options: { exclude?: string[]; include?: string; coloursOnly?: boolean } = {},
): Promise<void> {
  // Legacy mode runs axe in the page itself instead of opening a blank page to collect frame
  // results: a third of the time here. It skips cross-origin frames, which no page of ours has but
  // the contact page's map, whose content is not ours to check (its title still is).
  // A scan of a long page takes seconds, many on a busy machine: each gets its own budget on top of
  // the test's, so a test's time limit still counts what it does besides.
  test.info().setTimeout(test.info().timeout + AXE_SCAN_BUDGET_MS);
  // Only violations are read: axe then skips collecting every passing and inapplicable node, a
  // quarter to a third of a scan's time (every rule still runs).
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
  if (options.coloursOnly) builder = builder.withRules(COLOUR_RULES);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const theme = await page.locator("html").getAttribute("data-theme");
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1).join("; ")}`)
        .join("\n")}`,
  );
  expect(summary, `axe found ${violations.length} violation(s) in the ${theme} theme`).toEqual([]);
}

/**
 * axe on the page in the light theme and then in the dark one, switched in place: one page load
 * for both. The markup is the same in each and only its colours differ, so the dark scan runs the
 * rules that read colours; the light one runs every rule.
 */
export async function expectNoAxeViolationsInBothThemes(
  page: Page,
  options: { exclude?: string[]; include?: string } = {},
): Promise<void> {
  for (const theme of THEMES) {
    await switchTheme(page, theme);
    await expectNoAxeViolations(page, { ...options, coloursOnly: theme !== THEMES[0] });
  }
}

/** The two widths the admin flows are checked at: a phone's and a laptop's. */
export const MEASURED_WIDTHS = [390, 1280] as const;

/**
 * One screen of a flow at both measured widths and in both themes, without running the flow again:
 * axe in both themes at the width the page has, then the page at the other width (nothing wider
 * than a phone's screen at 390 px) and axe on every rule there (in the dark theme, where the page is
 * left); the size it had is put back. Three scans: the markup is the same in both themes, only its
 * colours differ.
 */
export async function expectNoAxeViolationsAtBothWidths(
  page: Page,
  options: { exclude?: string[]; include?: string } = {},
): Promise<void> {
  const size = page.viewportSize()!;
  await expectNoAxeViolationsInBothThemes(page, options);
  const other = size.width <= MEASURED_WIDTHS[0] ? MEASURED_WIDTHS[1] : MEASURED_WIDTHS[0];
  await page.setViewportSize({ width: other, height: size.height });
  try {
    if (other === MEASURED_WIDTHS[0]) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, "wider than a 390 px screen").toBeLessThanOrEqual(0);
    }
    await expectNoAxeViolations(page, options);
  } finally {
    await page.setViewportSize(size);
  }
}
