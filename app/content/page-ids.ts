/** Every editable content page id (docs/product.md, Editable content). */
export const SERVICE_TYPES = [
  "hair",
  "nails",
  "body-sculpting",
  "eyebrows",
  "makeup",
  "lashes",
  "waxing",
  "lip-fillers",
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
export type ServicePageId = `service-${ServiceType}`;
export type PageId = "home" | "about" | "contact" | "services" | "suites" | ServicePageId;

export const PAGE_IDS: readonly PageId[] = [
  "home",
  "about",
  "contact",
  "services",
  "suites",
  ...SERVICE_TYPES.map((t) => `service-${t}` as const),
];

export function isPageId(value: string): value is PageId {
  return (PAGE_IDS as readonly string[]).includes(value);
}

/** What can have a draft (decision 57): an editor's page, or the home carousel's whole set of slides. */
export const HERO_SLIDES_DRAFT = "hero-slides";
export type DraftSubject = PageId | typeof HERO_SLIDES_DRAFT;

export function isDraftSubject(value: string): value is DraftSubject {
  return value === HERO_SLIDES_DRAFT || isPageId(value);
}
