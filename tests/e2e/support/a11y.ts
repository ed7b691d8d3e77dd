import AxeBuilder from "@axe-core/playwright";
import { expect, type BrowserContext, type Page } from "@playwright/test";

export type Theme = "light" | "dark";
export const THEMES: Theme[] = ["light", "dark"];

/** Sets the theme cookie the server renders with (no flash: the class is in the HTML). */
export async function useTheme(context: BrowserContext, baseURL: string, theme: Theme): Promise<void> {
  await context.addCookies([{ name: "theme", value: theme, url: baseURL }]);
}

/**
 * Runs axe on the page as it is and fails with a readable list (rule, impact, the first few
 * offending elements) instead of a wall of JSON. `include` scans only what matches (a dialog over
 * a page already scanned).
 */
export async function expectNoAxeViolations(
  page: Page,
  options: { exclude?: string[]; include?: string } = {},
): Promise<void> {
  // Legacy mode runs axe in the page itself instead of opening a blank page to collect frame
  // results: a third of the time here. It skips cross-origin frames, which no page of ours has but
  // the contact page's map, whose content is not ours to check (its title still is).
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1).join("; ")}`)
        .join("\n")}`,
  );
  expect(summary, `axe found ${violations.length} violation(s)`).toEqual([]);
}
