import { describe, expect, it } from "vitest";
import { findBrowser } from "./chromium";

const PLAYWRIGHT_CHROMIUM = "/home/ann/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome";
const LINUX_ORDER = [
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/snap/bin/chromium",
];
const CHROME_APP = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome";
const CHROMIUM_APP = "/Applications/Chromium.app/Contents/MacOS/Chromium";

/** findBrowser on a machine where exactly `installed` exist. */
function find(
  installed: string[],
  options: { env?: NodeJS.ProcessEnv; platform?: NodeJS.Platform; headlessShell?: boolean } = {},
) {
  return findBrowser({
    env: options.env ?? {},
    platform: options.platform ?? "linux",
    exists: (file) => installed.includes(file),
    playwrightChromium: PLAYWRIGHT_CHROMIUM,
    headlessShell: options.headlessShell ?? true,
  });
}

describe("findBrowser: the Chrome or Chromium the browser tests and benchmarks use", () => {
  it("takes CHROMIUM_PATH over everything installed", () => {
    expect(find([PLAYWRIGHT_CHROMIUM, ...LINUX_ORDER], { env: { CHROMIUM_PATH: "/opt/chrome/chrome" } })).toEqual({
      from: "CHROMIUM_PATH",
      path: "/opt/chrome/chrome",
    });
  });

  it("takes Playwright's own Chromium over the system's, once it is installed", () => {
    expect(find([PLAYWRIGHT_CHROMIUM, ...LINUX_ORDER])).toEqual({ from: "Playwright", path: PLAYWRIGHT_CHROMIUM });
    expect(find(LINUX_ORDER)?.from).toBe("system");
  });

  it("on Linux takes the headless shell, then chromium, chromium-browser, Google Chrome, the snap", () => {
    for (const [index, expected] of LINUX_ORDER.entries()) {
      expect(find(LINUX_ORDER.slice(index))).toEqual({ from: "system", path: expected });
    }
  });

  it("skips the headless shell for a full browser (Lighthouse)", () => {
    expect(find(LINUX_ORDER, { headlessShell: false })?.path).toBe("/usr/bin/chromium");
    expect(find(LINUX_ORDER.slice(0, 1), { headlessShell: false })).toBeUndefined();
  });

  it("on macOS takes Google Chrome, then Chromium, from /Applications", () => {
    expect(find([CHROME_APP, CHROMIUM_APP, ...LINUX_ORDER], { platform: "darwin" })?.path).toBe(CHROME_APP);
    expect(find([CHROMIUM_APP, ...LINUX_ORDER], { platform: "darwin" })?.path).toBe(CHROMIUM_APP);
    expect(find(LINUX_ORDER, { platform: "darwin" })).toBeUndefined();
  });

  it("finds none when nothing is installed, and none of Linux's places on another system", () => {
    expect(find([])).toBeUndefined();
    expect(find([CHROME_APP])).toBeUndefined();
    expect(find(LINUX_ORDER, { platform: "win32" })).toBeUndefined();
  });
});
