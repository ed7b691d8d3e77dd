import { describe, expect, it } from "vitest";
import { deviceLabel } from "./device-label.server";

describe("deviceLabel", () => {
  it.each([
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
      "Chrome on macOS",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
      "Safari on iPhone",
    ],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0", "Firefox on Windows"],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
      "Safari on iPad",
    ],
  ])("reads %s as %s", (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });

  it("says Unknown browser when there is nothing to read", () => {
    expect(deviceLabel(null)).toBe("Unknown browser");
    expect(deviceLabel("")).toBe("Unknown browser");
    expect(deviceLabel("   ")).toBe("Unknown browser");
  });

  it("keeps what it can read of an odd agent", () => {
    expect(deviceLabel("curl/8.4.0")).not.toMatch(/^ on |undefined|null/);
  });
});
