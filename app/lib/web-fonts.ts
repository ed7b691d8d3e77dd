/**
 * Public pages draw their first frames in the local faces scaled to the web fonts' metrics, and
 * take the web fonts (Inter, Playfair Display) only once the page has loaded and shown its main
 * picture: on a phone's slow line the fonts' ~57 KB would otherwise share it with the stylesheet
 * and that picture, and their swap would add a second layout of the whole page before it is shown.
 * The swap moves nothing (the local faces have the same metrics).
 *
 * The attribute below on <html> turns the web fonts on (app/styles/site.css). The enhancement
 * script sets it and remembers that this browser has the fonts; on every later page the inline
 * script in the <head> sets it before the first frame, so a visitor whose cache has the fonts gets
 * them at once, never a swap on each page. Without scripting the web fonts are used from the start.
 */
export const WEB_FONTS_ATTRIBUTE = "data-web-fonts";
export const WEB_FONTS_STORAGE_KEY = "web-fonts";

/** The <head>'s inline script: the one inline script of a public page, allowed by its CSP hash. */
export const WEB_FONTS_HEAD_SCRIPT = `try{localStorage.getItem("${WEB_FONTS_STORAGE_KEY}")&&document.documentElement.setAttribute("${WEB_FONTS_ATTRIBUTE}","")}catch(e){}`;
