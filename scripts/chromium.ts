import fs from "node:fs";
import { chromium } from "@playwright/test";

/**
 * Where a Chrome or Chromium is found, in this order. On Linux Debian's `chromium-headless-shell`
 * comes first: the same engine without the desktop browser around it, the one Playwright itself
 * uses for headless runs, about twice as fast here as the full `chromium`.
 */
const SYSTEM_BROWSERS: Partial<Record<NodeJS.Platform, string[]>> = {
  linux: [
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
    "/usr/bin/google-chrome-stable",
    "/snap/bin/chromium",
  ],
  darwin: [
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
  ],
};
const HEADLESS_SHELLS = new Set(["/usr/bin/chromium-headless-shell"]);

export interface FoundBrowser {
  /** Where it was found: the CHROMIUM_PATH variable, Playwright's own download, or the system. */
  from: "CHROMIUM_PATH" | "Playwright" | "system";
  path: string;
}

/**
 * The browser to use: `CHROMIUM_PATH`, else Playwright's own Chromium (`npx playwright install
 * chromium`), else a system Chrome or Chromium at the usual places; undefined when there is none.
 * `headlessShell: false` skips headless shells, for Lighthouse, which measures a full browser.
 */
export function findBrowser(options: {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  exists: (file: string) => boolean;
  /** Where Playwright's own Chromium is when installed (its `chromium.executablePath()`). */
  playwrightChromium: string;
  headlessShell: boolean;
}): FoundBrowser | undefined {
  const { env, platform, exists, playwrightChromium, headlessShell } = options;
  if (env.CHROMIUM_PATH) return { from: "CHROMIUM_PATH", path: env.CHROMIUM_PATH };
  if (playwrightChromium && exists(playwrightChromium)) return { from: "Playwright", path: playwrightChromium };
  const path = (SYSTEM_BROWSERS[platform] ?? []).find(
    (candidate) => (headlessShell || !HEADLESS_SHELLS.has(candidate)) && exists(candidate),
  );
  return path ? { from: "system", path } : undefined;
}

const here = (headlessShell: boolean) =>
  findBrowser({
    env: process.env,
    platform: process.platform,
    exists: fs.existsSync,
    playwrightChromium: chromium.executablePath(),
    headlessShell,
  });

/** The browser the end-to-end tests drive, if any (check before running them: NO_BROWSER). */
export const TEST_BROWSER = here(true);

/**
 * Playwright's launch option for it: with Playwright's own Chromium, none, so that Playwright runs
 * its headless shell (which `npx playwright install chromium` installs beside the full browser).
 */
export const TEST_BROWSER_PATH = TEST_BROWSER?.from === "Playwright" ? undefined : TEST_BROWSER?.path;

/** The full browser for the benchmarks and Lighthouse. */
export const CHROMIUM_PATH = here(false)?.path;

export const NO_BROWSER =
  "No Chrome or Chromium found: run `npx playwright install chromium` to get one (or set CHROMIUM_PATH to a Chrome or Chromium).";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
