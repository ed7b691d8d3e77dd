export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_COOKIE = "theme";

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

/** Reads the theme cookie from a Cookie header; "system" when absent or unknown. */
export function themeFromCookieHeader(header: string | null): Theme {
  const match = header?.match(/(?:^|;\s*)theme=([^;]+)/);
  const value = match ? decodeURIComponent(match[1]) : "";
  return isTheme(value) ? value : "system";
}

export function themeCookie(theme: Theme, secure: boolean): string {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}
