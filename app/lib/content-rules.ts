import type { PageId } from "~/content/page-ids";

export {
  HERO_SLIDES_DRAFT,
  isDraftSubject,
  isPageId,
  PAGE_IDS,
  type DraftSubject,
  SERVICE_TYPES,
  type PageId,
  type ServicePageId,
  type ServiceType,
} from "~/content/page-ids";

/** How a stored content value is read: plain text, an image path, JSON, or the one HTML field. */
export type ContentType = "text" | "image" | "json" | "html";

/**
 * The home page keeps the same key ("title") in two sections, so its merged content is keyed
 * "section.key" (e.g. "professionals.title"); every other page derives the section from the key.
 */
export function isSectionKeyed(page: PageId): boolean {
  return page === "home";
}

const startsWithAny = (key: string, prefixes: string[]) => prefixes.find((p) => key === p || key.startsWith(`${p}_`));

/** The section a key is written to (docs/product.md, How keys are stored). */
export function sectionFor(page: PageId, key: string): string {
  if (isSectionKeyed(page)) {
    const dot = key.indexOf(".");
    if (dot <= 0) throw new Error(`Home content keys are "section.key", got "${key}"`);
    return key.slice(0, dot);
  }
  // Every page's own search title, description and social image.
  if (key.startsWith("seo_")) return "seo";
  if (page === "about") {
    if (key.startsWith("stat")) return "mission";
    return startsWithAny(key, ["welcome", "ceo", "journey", "gallery", "mission"]) ?? "main";
  }
  if (page === "contact") {
    // Social links are editable content too, kept in a section of their own.
    return startsWithAny(key, ["hero", "hours", "map", "social"]) ?? "info";
  }
  if (page === "services") return "main";
  if (page === "suites") {
    const prefix = startsWithAny(key, ["hero", "app", "features", "gallery"]);
    if (prefix === "app") return "application";
    return prefix ?? "main";
  }
  // service-{type}
  return startsWithAny(key, ["booking", "service_options"]) ? "booking" : "hero";
}

/** The content_key column for a merged key (the home page strips its "section." prefix). */
export function storedKeyFor(page: PageId, key: string): string {
  return isSectionKeyed(page) ? key.slice(key.indexOf(".") + 1) : key;
}

/** The merged key a stored row maps to. */
export function mergedKeyFor(page: PageId, section: string, contentKey: string): string {
  return isSectionKeyed(page) ? `${section}.${contentKey}` : contentKey;
}

/** The content_type of a key (docs/product.md, How keys are stored), "html" for the one rich field. */
export function contentTypeFor(page: PageId, key: string): ContentType {
  const stored = storedKeyFor(page, key);
  if (page === "about" && stored === "ceo_badge_label") return "html";
  if (stored === "service_options") return "json";
  if (stored.includes("image")) return "image";
  if (page === "suites" && stored.includes("logo")) return "image";
  return "text";
}
