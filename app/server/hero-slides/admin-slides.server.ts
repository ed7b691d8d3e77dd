import { HERO_SLIDES_DRAFT } from "~/lib/content-rules";
import type { FieldChange, VersionSummary } from "~/lib/editors";
import type { HeroSlideInput } from "~/lib/hero-slide-form";
import type { HeroSlide, SlideButton } from "~/lib/hero-slides";
import { audit } from "../audit/audit.server";
import {
  discardDraft,
  dropPublishedDraft,
  getDraft,
  insertVersion,
  readVersion,
  readVersions,
  replaceDraft,
  saveDraft,
  type Draft,
} from "../content/drafts.server";
import { nowIso, type Db, type DbOrTx } from "../db/database.server";
import { slideSetValues, slidesFromValues, toHeroSlide, withDeletedImagesReplaced } from "./hero-slides.server";

/**
 * The slide editor's data layer (admin and editor alike), under decision 57: the carousel has one
 * draft, the whole set of slides in order (content_drafts, subject "hero-slides"). Adding, editing,
 * hiding, deleting and reordering change the draft (made from the published slides when there is
 * none); visitors see hero_slides, which only a publish writes, keeping a version. Every change and
 * its audit entry are written in one transaction.
 */
export interface Actor {
  userId: number | null;
  email: string | null;
}

const AUDIT_TARGET = "Hero Slides";
const quoted = (title: string) => `“${title}”`;

/** The published slides as stored, hidden ones included, in carousel order. */
async function publishedSlides(db: DbOrTx): Promise<HeroSlide[]> {
  const rows = await db
    .selectFrom("hero_slides")
    .selectAll()
    .orderBy("display_order", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map(toHeroSlide);
}

/** The set the editors work on: the draft's when there is one, else the published slides. */
export async function editedSlides(db: DbOrTx): Promise<{ slides: HeroSlide[]; draft: Draft | undefined }> {
  const draft = await getDraft(db, HERO_SLIDES_DRAFT);
  return { slides: draft ? slidesFromValues(draft.values) : await publishedSlides(db), draft };
}

/** Every slide of the edited set, in carousel order (a deleted library image replaced, marked). */
export async function listAllSlides(db: DbOrTx): Promise<HeroSlide[]> {
  return withDeletedImagesReplaced(db, (await editedSlides(db)).slides);
}

export async function getSlide(db: DbOrTx, id: number): Promise<HeroSlide | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  return (await editedSlides(db)).slides.find((s) => s.id === id);
}

function fromInput(input: HeroSlideInput): Omit<HeroSlide, "id" | "displayOrder"> {
  return {
    title: input.title,
    highlight: input.highlight,
    tag: input.tag,
    subtitle: input.subtitle,
    description: input.description,
    imageUrl: input.imageUrl,
    imageAlt: input.imageAlt,
    isActive: input.isActive,
    buttons: input.buttons,
  };
}

/**
 * Writes a change of the edited set as the draft, with its audit entry, in one transaction.
 * `change` returns the new set and the slide it concerns, or undefined (no such slide: nothing written).
 */
async function changeDraft(
  db: Db,
  actor: Actor,
  change: (slides: HeroSlide[], tx: DbOrTx) => Promise<{ slides: HeroSlide[]; slide: HeroSlide } | undefined>,
  describe: (slide: HeroSlide) => string,
): Promise<HeroSlide | undefined> {
  return db.transaction().execute(async (tx) => {
    const changed = await change((await editedSlides(tx)).slides, tx);
    if (!changed) return undefined;
    await saveDraft(tx, HERO_SLIDES_DRAFT, slideSetValues(changed.slides), actor.userId);
    await audit(tx, actor, `${describe(changed.slide)} in the draft`, AUDIT_TARGET);
    return changed.slide;
  });
}

/** Adds a slide at the end of the carousel's draft (an id above every slide's, published or drafted). */
export async function createSlide(db: Db, input: HeroSlideInput, actor: Actor): Promise<HeroSlide> {
  const created = await changeDraft(
    db,
    actor,
    async (slides, tx) => {
      const max = await tx
        .selectFrom("hero_slides")
        .select((eb) => eb.fn.max("id").as("max"))
        .executeTakeFirst();
      const id = Math.max(Number(max?.max ?? 0), ...slides.map((s) => s.id)) + 1;
      const slide = { ...fromInput(input), id, displayOrder: slides.length };
      return { slides: [...slides, slide], slide };
    },
    (slide) => `added the hero slide ${quoted(slide.title)}`,
  );
  return created!;
}

/** Rewrites a slide's fields (not its position) in the draft; undefined when there is no such slide. */
export async function updateSlide(
  db: Db,
  id: number,
  input: HeroSlideInput,
  actor: Actor,
): Promise<HeroSlide | undefined> {
  return changeDraft(
    db,
    actor,
    async (slides) => {
      const old = slides.find((s) => s.id === id);
      if (!old) return undefined;
      const slide = { ...old, ...fromInput(input) };
      return { slides: slides.map((s) => (s.id === id ? slide : s)), slide };
    },
    (slide) => `updated the hero slide ${quoted(slide.title)}`,
  );
}

/** Shows or hides a slide (Hide/Show) in the draft; undefined when there is no such slide. */
export async function setSlideActive(
  db: Db,
  id: number,
  active: boolean,
  actor: Actor,
): Promise<HeroSlide | undefined> {
  return changeDraft(
    db,
    actor,
    async (slides) => {
      const old = slides.find((s) => s.id === id);
      if (!old) return undefined;
      const slide = { ...old, isActive: active };
      return { slides: slides.map((s) => (s.id === id ? slide : s)), slide };
    },
    (slide) => `${active ? "showed" : "hid"} the hero slide ${quoted(slide.title)}`,
  );
}

/** Deletes a slide from the draft; false when there was none. */
export async function deleteSlide(db: Db, id: number, actor: Actor): Promise<boolean> {
  const deleted = await changeDraft(
    db,
    actor,
    async (slides) => {
      const slide = slides.find((s) => s.id === id);
      return slide && { slides: slides.filter((s) => s.id !== id), slide };
    },
    (slide) => `deleted the hero slide ${quoted(slide.title)}`,
  );
  return deleted !== undefined;
}

/**
 * Saves a new carousel order in the draft. The ids come from a list that may be stale: unknown
 * ids are skipped, and slides the list does not name (added meanwhile by someone else) keep their
 * relative order after the named ones.
 */
export async function reorderSlides(db: Db, orderedIds: number[], actor: Actor): Promise<HeroSlide[]> {
  await db.transaction().execute(async (tx) => {
    const { slides } = await editedSlides(tx);
    const byId = new Map(slides.map((s) => [s.id, s]));
    const named = [...new Set(orderedIds)].filter((id) => byId.has(id));
    const rest = slides.map((s) => s.id).filter((id) => !named.includes(id));
    const order = [...named, ...rest].map((id, position) => ({ ...byId.get(id)!, displayOrder: position }));
    await saveDraft(tx, HERO_SLIDES_DRAFT, slideSetValues(order), actor.userId);
    await audit(tx, actor, "reordered the hero slides in the draft", AUDIT_TARGET);
  });
  return listAllSlides(db);
}

function columns(slide: HeroSlide, position: number) {
  return {
    title: slide.title,
    highlight: slide.highlight,
    tag: slide.tag,
    subtitle: slide.subtitle,
    description: slide.description,
    image_url: slide.imageUrl,
    image_alt: slide.imageAlt,
    is_active: slide.isActive ? 1 : 0,
    buttons: JSON.stringify(slide.buttons),
    display_order: position,
  };
}

/**
 * Makes the carousel's draft live: hero_slides becomes the drafted set (slides it leaves out are
 * deleted, new ones inserted), a version keeps the set and what changed, and the draft goes, in one
 * transaction. Undefined when there is no draft; DraftChangedError when the draft was saved again
 * or discarded meanwhile (nothing is written).
 */
export async function publishSlides(db: Db, actor: Actor): Promise<{ changes: FieldChange[] } | undefined> {
  return db.transaction().execute(async (tx) => {
    const draft = await getDraft(tx, HERO_SLIDES_DRAFT);
    if (!draft) return undefined;
    await dropPublishedDraft(tx, draft);
    const before = await publishedSlides(tx);
    const drafted = slidesFromValues(draft.values);
    const changes = slideSetChanges(before, drafted);
    const kept = new Set(drafted.map((s) => s.id));
    const gone = before.filter((s) => !kept.has(s.id)).map((s) => s.id);
    if (gone.length) await tx.deleteFrom("hero_slides").where("id", "in", gone).execute();
    const stored = new Set(before.map((s) => s.id));
    const now = nowIso();
    for (const [position, slide] of drafted.entries()) {
      if (stored.has(slide.id)) {
        await tx
          .updateTable("hero_slides")
          .set({ ...columns(slide, position), updated_at: now })
          .where("id", "=", slide.id)
          .execute();
      } else {
        // A slide new in the draft gets its row's own id (the draft's was only a placeholder).
        await tx
          .insertInto("hero_slides")
          .values({ ...columns(slide, position), created_at: now, updated_at: now })
          .execute();
      }
    }
    const after = await publishedSlides(tx);
    await insertVersion(tx, HERO_SLIDES_DRAFT, slideSetValues(after), changes, actor, { labelled: true });
    await audit(tx, actor, "published the hero slides", AUDIT_TARGET, { changes: changes.length });
    return { changes };
  });
}

/** Drops the carousel's draft; false when there was none. */
export async function discardSlidesDraft(db: Db, actor: Actor): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if (!(await discardDraft(tx, HERO_SLIDES_DRAFT))) return false;
    await audit(tx, actor, "discarded the draft of the hero slides", AUDIT_TARGET);
    return true;
  });
}

/** The carousel's publishes, newest first, with what each changed. */
export async function listSlideVersions(db: Db, limit = 20): Promise<VersionSummary[]> {
  return readVersions(db, HERO_SLIDES_DRAFT, () => undefined, limit);
}

/** Makes a version's set of slides the draft (replacing any), to be previewed and published; false when there is no such version. */
export async function restoreSlidesVersion(db: Db, versionId: number, actor: Actor): Promise<boolean> {
  const version = await readVersion(db, HERO_SLIDES_DRAFT, versionId);
  if (!version) return false;
  await replaceDraft(db, HERO_SLIDES_DRAFT, version.values, actor.userId);
  await audit(db, actor, "restored a version of the hero slides as a draft", AUDIT_TARGET);
  return true;
}

const FIELDS: [keyof HeroSlide, string][] = [
  ["title", "Title"],
  ["highlight", "Highlight"],
  ["tag", "Tag"],
  ["subtitle", "Subtitle"],
  ["description", "Description"],
  ["imageUrl", "Image"],
  ["imageAlt", "Image alt text"],
  ["buttons", "Buttons"],
];

const buttonsText = (buttons: SlideButton[]) =>
  buttons.map((b) => `${b.label}${b.primary ? " (primary)" : ""}: ${b.url || b.action}`).join("; ");

const fieldText = (slide: HeroSlide, field: keyof HeroSlide) =>
  field === "buttons" ? buttonsText(slide.buttons) : String(slide[field] ?? "");

/** The carousel as one line: each slide's title in order, hidden ones marked. */
const setText = (slides: HeroSlide[]) => slides.map((s) => `${s.title}${s.isActive ? "" : " (hidden)"}`).join(" · ");

/**
 * What a publish of the slides changes, for the history: the carousel line (which slides, in what
 * order, which hidden) when it differs, then each kept slide's changed fields.
 */
export function slideSetChanges(before: HeroSlide[], after: HeroSlide[]): FieldChange[] {
  const changes: FieldChange[] = [];
  const sameSet =
    before.length === after.length &&
    before.every((s, i) => s.id === after[i].id && s.isActive === after[i].isActive && s.title === after[i].title);
  if (!sameSet) {
    changes.push({ key: "slides", label: "Slides, in order", from: setText(before), to: setText(after) });
  }
  const old = new Map(before.map((s) => [s.id, s]));
  for (const slide of after) {
    const was = old.get(slide.id);
    if (!was) continue;
    for (const [field, label] of FIELDS) {
      const from = fieldText(was, field);
      const to = fieldText(slide, field);
      if (from !== to) changes.push({ key: `${slide.id}.${field}`, label: `${quoted(was.title)}: ${label}`, from, to });
    }
  }
  return changes;
}
