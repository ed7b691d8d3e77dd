import type { PageId } from "./page-ids";

/** The content keys of a page's own search title, description and social image (home: "seo.title" …). */
export function seoKeys(page: PageId): { title: string; description: string; image: string } {
  const prefix = page === "home" ? "seo." : "seo_";
  return { title: `${prefix}title`, description: `${prefix}description`, image: `${prefix}image` };
}

/** Their defaults: empty, meaning "the value the page makes from its content" (app/lib/seo.ts). */
export function seoDefaults(page: PageId): Record<string, string> {
  const keys = seoKeys(page);
  return { [keys.title]: "", [keys.description]: "", [keys.image]: "" };
}
