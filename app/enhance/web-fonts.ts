import { WEB_FONTS_ATTRIBUTE, WEB_FONTS_STORAGE_KEY } from "~/lib/web-fonts";

/** Turns the web fonts on once `ready` resolves and remembers that this browser has them (see app/lib/web-fonts.ts). */
export function initWebFonts(ready: Promise<void>): void {
  if (document.documentElement.hasAttribute(WEB_FONTS_ATTRIBUTE)) return;
  void ready.then(() => {
    document.documentElement.setAttribute(WEB_FONTS_ATTRIBUTE, "");
    try {
      localStorage.setItem(WEB_FONTS_STORAGE_KEY, "1");
    } catch {
      // Storage refused (a private window's quota, a policy): every page loads its fonts after load.
    }
  });
}
