import { randomBytes } from "node:crypto";
import { defaultsFor } from "~/content";
import type { DraftSubject, PageId } from "~/lib/content-rules";
import { changedFields } from "~/lib/editors/history";
import { editorFields, type EditorDef, type FieldChange, type VersionSummary } from "~/lib/editors";
import { nowIso, type Db, type DbOrTx } from "../db/database.server";
import type { ContentService } from "./content.server";

/**
 * Drafts, publishing and history of the editors' pages. An editor's save writes the page's one
 * draft (every field's value, null for "the default"); visitors and the page cache see only what
 * is published. Publishing writes the draft's values, keeps a version and drops the draft in one
 * transaction, and only then are the cached pages dropped (ContentService.save).
 */
export interface Draft {
  page: DraftSubject;
  key: string;
  values: Record<string, string | null>;
  updatedAt: string;
  updatedBy: number | null;
  updatedByEmail: string | null;
}

export class DraftChangedError extends Error {
  constructor(readonly page: DraftSubject) {
    super(`The draft of ${page} changed or went while it was being published`);
  }
}

export async function getDraft(db: DbOrTx, page: DraftSubject): Promise<Draft | undefined> {
  const row = await db
    .selectFrom("content_drafts")
    .leftJoin("users", "users.id", "content_drafts.updated_by")
    .select([
      "content_drafts.draft_key",
      "content_drafts.draft_values",
      "content_drafts.updated_at",
      "content_drafts.updated_by",
      "users.email",
    ])
    .where("content_drafts.page", "=", page)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    page,
    key: row.draft_key,
    values: JSON.parse(row.draft_values) as Record<string, string | null>,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    updatedByEmail: row.email ?? null,
  };
}

/** Writes the page's draft (a new one gets a new key, so older preview links do not open it). */
export async function saveDraft(
  db: DbOrTx,
  page: DraftSubject,
  values: Record<string, string | null>,
  userId: number | null,
): Promise<void> {
  const now = nowIso();
  const draftValues = JSON.stringify(values);
  await db
    .insertInto("content_drafts")
    .values({ page, draft_key: newDraftKey(), draft_values: draftValues, updated_at: now, updated_by: userId })
    .onConflict((oc) =>
      oc.column("page").doUpdateSet({ draft_values: draftValues, updated_at: now, updated_by: userId }),
    )
    .execute();
}

export async function discardDraft(db: DbOrTx, page: DraftSubject): Promise<boolean> {
  const result = await db.deleteFrom("content_drafts").where("page", "=", page).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The editor's values as stored: a value equal to its default is kept as null (the default follows later changes). */
export function asStoredValues(page: PageId, values: Record<string, string>): Record<string, string | null> {
  const defaults = defaultsFor(page) as Record<string, string>;
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === defaults[k] ? null : v]));
}

/** The values a draft stands for, the defaults in place of its nulls. */
function shownValues(page: PageId, values: Record<string, string | null>): Record<string, string> {
  const defaults = defaultsFor(page) as Record<string, string>;
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? defaults[k] ?? ""]));
}

/**
 * Makes the page's draft live: its values, a version (what changed, who, when) and the draft's
 * removal in one transaction (no version when nothing changed). Undefined when there is no draft; DraftChangedError when it was
 * saved again or discarded meanwhile (nothing is written).
 */
export async function publishDraft(
  { db, content }: { db: Db; content: ContentService },
  def: EditorDef,
  user: { userId: number | null; email: string | null },
): Promise<{ changes: FieldChange[] } | undefined> {
  const draft = await getDraft(db, def.page);
  if (!draft) return undefined;
  const keys = editorFields(def).map((f) => f.key);
  const published = (await content.getPage(def.page)) as Record<string, string>;
  const before = Object.fromEntries(keys.map((k) => [k, published[k] ?? ""]));
  const after = { ...before, ...shownValues(def.page, draft.values) };
  const changes = changedFields(def, before, after);
  await content.save(def.page, draft.values, user.userId, async (tx) => {
    await dropPublishedDraft(tx, draft);
    await insertVersion(tx, def.page, after, changes, user);
  });
  return { changes };
}

/** The page's versions, newest first, with what each changed. */
export async function listVersions(db: Db, def: EditorDef, limit = 20): Promise<VersionSummary[]> {
  const labels = new Map(editorFields(def).map((f) => [f.key, f.label]));
  return readVersions(db, def.page, (key) => labels.get(key), limit);
}

/**
 * The draft being published leaves in the publish's transaction; DraftChangedError (so nothing
 * is written) when it was saved again or discarded since it was read.
 */
export async function dropPublishedDraft(tx: DbOrTx, draft: Draft): Promise<void> {
  const dropped = await tx
    .deleteFrom("content_drafts")
    .where("page", "=", draft.page)
    .where("draft_key", "=", draft.key)
    .where("updated_at", "=", draft.updatedAt)
    .executeTakeFirst();
  if (Number(dropped.numDeletedRows) !== 1) throw new DraftChangedError(draft.page);
}

/**
 * Keeps a version: the values after a publish and what changed, as [key, before, after] (a change
 * with a label of its own, as the slides' are, keeps it fourth). A publish that changed nothing keeps none.
 */
export async function insertVersion(
  tx: DbOrTx,
  page: DraftSubject,
  values: Record<string, string>,
  changes: FieldChange[],
  user: { userId: number | null; email: string | null },
  { labelled = false } = {},
): Promise<void> {
  if (!changes.length) return;
  await tx
    .insertInto("content_versions")
    .values({
      page,
      version_values: JSON.stringify(values),
      changes: JSON.stringify(changes.map((c) => (labelled ? [c.key, c.from, c.to, c.label] : [c.key, c.from, c.to]))),
      published_at: nowIso(),
      published_by: user.userId,
      published_by_email: user.email,
    })
    .execute();
}

/** The versions of a page or of the slides, newest first; a change's label is its own, else labelOf's, else its key. */
export async function readVersions(
  db: Db,
  page: DraftSubject,
  labelOf: (key: string) => string | undefined,
  limit = 20,
): Promise<VersionSummary[]> {
  const rows = await db
    .selectFrom("content_versions")
    .select(["id", "changes", "published_at", "published_by_email"])
    .where("page", "=", page)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    publishedAt: row.published_at,
    publishedBy: row.published_by_email,
    changes: (JSON.parse(row.changes) as [string, string, string, string?][]).map(([key, from, to, label]) => ({
      key,
      label: label ?? labelOf(key) ?? key,
      from,
      to,
    })),
  }));
}

/** A version's values and when it was published; undefined when there is no such version. */
export async function readVersion(
  db: Db,
  page: DraftSubject,
  versionId: number,
): Promise<{ values: Record<string, string>; publishedAt: string } | undefined> {
  const row = await db
    .selectFrom("content_versions")
    .select(["version_values", "published_at"])
    .where("page", "=", page)
    .where("id", "=", versionId)
    .executeTakeFirst();
  return row && { values: JSON.parse(row.version_values) as Record<string, string>, publishedAt: row.published_at };
}

/**
 * Makes a version's values the page's draft (replacing any draft), to be previewed and published.
 * False when the page has no such version.
 */
export async function restoreVersion(
  db: Db,
  def: EditorDef,
  versionId: number,
  userId: number | null,
): Promise<string | false> {
  const version = await readVersion(db, def.page, versionId);
  if (!version) return false;
  const keys = editorFields(def).map((f) => f.key);
  const defaults = defaultsFor(def.page) as Record<string, string>;
  const values = Object.fromEntries(keys.map((k) => [k, version.values[k] ?? defaults[k] ?? ""]));
  await replaceDraft(db, def.page, asStoredValues(def.page, values), userId);
  return version.publishedAt;
}

/** A new draft in place of any other (a new key: links to the old draft stop opening it). */
export async function replaceDraft(
  db: Db,
  page: DraftSubject,
  values: Record<string, string | null>,
  userId: number | null,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await discardDraft(tx, page);
    await saveDraft(tx, page, values, userId);
  });
}

function newDraftKey(): string {
  return randomBytes(16).toString("base64url");
}
