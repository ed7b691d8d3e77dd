import type { Selectable } from "kysely";
import { DEFAULT_HERO_SLIDES } from "~/content/hero-slides";
import { HERO_SLIDES_DRAFT } from "~/lib/content-rules";
import { parseSlideButtons, type HeroSlide } from "~/lib/hero-slides";
import type { ContentService } from "../content/content.server";
import type { DbOrTx } from "../db/database.server";
import type { HeroSlidesTable } from "../db/schema";
import { deletedMediaUrls } from "../media/media-keys.server";

/** What a slide whose image was deleted from the media library shows instead. */
export const FALLBACK_SLIDE_IMAGE = {
  url: DEFAULT_HERO_SLIDES[0].image_url,
  alt: DEFAULT_HERO_SLIDES[0].image_alt,
};

/** A stored row as the pages and the editor use it: booleans and parsed buttons. */
export function toHeroSlide(row: Selectable<HeroSlidesTable>): HeroSlide {
  return {
    id: row.id,
    title: row.title,
    highlight: row.highlight,
    tag: row.tag,
    subtitle: row.subtitle,
    description: row.description,
    imageUrl: row.image_url,
    imageAlt: row.image_alt,
    isActive: Boolean(row.is_active),
    displayOrder: row.display_order,
    // A broken buttons column shows a slide without buttons rather than no page.
    buttons: parseSlideButtons(row.buttons),
  };
}

/**
 * The slides the home carousel shows: active ones, by display_order; the id
 * breaks ties so two slides given the same position keep a stable order. A slide whose image was
 * deleted from the media library shows the default slide image rather than a broken one.
 */
export async function activeHeroSlides(db: DbOrTx): Promise<HeroSlide[]> {
  const rows = await db
    .selectFrom("hero_slides")
    .selectAll()
    .where("is_active", "=", 1)
    .orderBy("display_order", "asc")
    .orderBy("id", "asc")
    .execute();
  return withDeletedImagesReplaced(db, rows.map(toHeroSlide));
}

/** A set of slides as a draft's (or a version's) values: one key, the slides in order as JSON. */
export function slideSetValues(slides: HeroSlide[]): Record<string, string> {
  return {
    slides: JSON.stringify(
      slides.map(({ id, title, highlight, tag, subtitle, description, imageUrl, imageAlt, isActive, buttons }) => ({
        id,
        title,
        highlight,
        tag,
        subtitle,
        description,
        imageUrl,
        imageAlt,
        isActive,
        buttons,
      })),
    ),
  };
}

/** The slides a draft's (or a version's) values hold, positions from their order. */
export function slidesFromValues(values: Record<string, string | null>): HeroSlide[] {
  const list = JSON.parse(values.slides ?? "[]") as Omit<HeroSlide, "displayOrder">[];
  return list.map((slide, index) => ({
    ...slide,
    displayOrder: index,
    buttons: parseSlideButtons(JSON.stringify(slide.buttons ?? [])),
  }));
}

/**
 * The carousel of the home page: the published slides, or, for a preview link of the slides'
 * draft (decision 57), the drafted ones as they will be once published.
 */
export async function homeHeroSlides(content: ContentService, db: DbOrTx): Promise<HeroSlide[]> {
  const draft = content.previewedDraft(HERO_SLIDES_DRAFT);
  if (!draft) return activeHeroSlides(db);
  return withDeletedImagesReplaced(
    db,
    slidesFromValues(draft).filter((s) => s.isActive),
  );
}

/**
 * Slides whose image was deleted from the media library get the default slide image instead,
 * marked `imageDeleted` for the editors. One query, and only for slides with a library image.
 */
export async function withDeletedImagesReplaced(db: DbOrTx, slides: HeroSlide[]): Promise<HeroSlide[]> {
  const deleted = await deletedMediaUrls(
    db,
    slides.map((s) => s.imageUrl.trim()),
  );
  if (!deleted.size) return slides;
  return slides.map((slide) =>
    deleted.has(slide.imageUrl.trim())
      ? { ...slide, imageUrl: FALLBACK_SLIDE_IMAGE.url, imageAlt: FALLBACK_SLIDE_IMAGE.alt, imageDeleted: true }
      : slide,
  );
}
