import sanitizeHtml from "sanitize-html";

/** The one HTML field (ceo_badge_label) may hold inline formatting and line breaks, nothing else. */
const INLINE_ONLY: sanitizeHtml.IOptions = {
  allowedTags: ["b", "strong", "i", "em", "u", "s", "small", "mark", "sub", "sup", "br"],
  allowedAttributes: {},
  disallowedTagsMode: "discard",
};

export function sanitizeInlineHtml(html: string): string {
  return sanitizeHtml(html, INLINE_ONLY);
}
