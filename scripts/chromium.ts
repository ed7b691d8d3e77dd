import fs from "node:fs";

/** Debian's Chromium and the flags that work on this machine: one list for the tests and the benchmarks. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The browser the end-to-end tests drive: Debian's `chromium-headless-shell` when installed (the
 * same engine without the desktop browser around it, the one Playwright itself uses for headless
 * runs: about twice as fast here), else the full Chromium. CHROMIUM_PATH overrides both.
 */
export const TEST_BROWSER_PATH =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : CHROMIUM_PATH);

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
