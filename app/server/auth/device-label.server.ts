import Bowser from "bowser";

/**
 * A session's or sign-in attempt's browser in words, from its user agent: "Chrome on macOS",
 * "Safari on iPhone", "Firefox on Windows". On iOS the device (iPhone, iPad) says more than the
 * system's name. Anything bowser cannot read is "Unknown browser".
 */
export function deviceLabel(userAgent: string | null | undefined): string {
  if (!userAgent?.trim()) return "Unknown browser";
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const system = parsed.os.name === "iOS" && parsed.platform.model ? parsed.platform.model : parsed.os.name;
  if (browser && system) return `${browser} on ${system}`;
  return browser || (system ? `A browser on ${system}` : "Unknown browser");
}
