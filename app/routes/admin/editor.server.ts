import { data, type RouterContextProvider } from "react-router";
import { defaultsFor } from "~/content";
import { DEFAULT_TIME_ZONE } from "~/lib/dates";
import { generatedSeo } from "~/lib/seo";
import { editorFields, type EditorData, type EditorDef, type EditorReply, type FieldDef } from "~/lib/editors";
import {
  DRAFT_CHANGED,
  DRAFT_DISCARDED,
  DRAFT_SAVED,
  NO_DRAFT,
  NO_VERSION,
  SAVE_ERROR,
  successMessages,
  VERSION_RESTORED,
} from "~/lib/editors/messages";
import { readEditorForm, validateEditorValues } from "~/lib/editors/validation";
import { audit } from "~/server/audit/audit.server";
import { changeHours } from "~/server/booking/model.server";
import { requireStaff } from "~/server/auth/guard.server";
import type { SessionUser } from "~/server/auth/session.server";
import {
  asStoredValues,
  discardDraft,
  DraftChangedError,
  getDraft,
  listVersions,
  publishDraft,
  restoreVersion,
  saveDraft,
} from "~/server/content/drafts.server";
import { previewToken } from "~/server/content/preview-link.server";
import { servicesContext } from "~/server/context";
import type { Db } from "~/server/db/database.server";
import type { AppServices } from "~/server/app-services";
import { readForm } from "~/server/http/read-form.server";

/**
 * What an editor screen needs: the draft's values when the page has one, else the published ones;
 * the preview link and the history. A failed read is logged and reported, never thrown.
 */
export async function loadEditor(
  { content, db, logger }: Pick<AppServices, "content" | "db" | "logger">,
  def: EditorDef,
  previewSecret: string,
  publicUrl = "",
): Promise<EditorData> {
  const keys = editorFields(def).map((f) => f.key);
  const defaults = defaultsFor(def.page) as Record<string, string>;
  const pick = (source: Record<string, string>) => Object.fromEntries(keys.map((k) => [k, source[k] ?? ""]));
  try {
    const [draft, versions, { timeZone }] = await Promise.all([
      getDraft(db, def.page),
      listVersions(db, def),
      content.getSettings(),
    ]);
    const shown = draft ? content.withDraft(def.page, draft.values) : content;
    const [page, contact, overrides, issues] = await Promise.all([
      shown.getPage(def.page),
      shown.getPage("contact"),
      draft
        ? Object.fromEntries(Object.entries(draft.values).filter(([, v]) => v !== null))
        : content.getOverrides(def.page),
      shown.getIssues(def.page),
    ]);
    return {
      values: pick(page as Record<string, string>),
      overridden: keys.filter((k) => k in overrides),
      defaults: pick(defaults),
      loadFailed: false,
      issues,
      draft: draft
        ? {
            savedAt: draft.updatedAt,
            savedBy: draft.updatedByEmail,
            previewPath: `${def.publicPath}?preview=${previewToken(previewSecret, def.page, draft.key)}`,
          }
        : null,
      versions,
      timeZone,
      seo: {
        generated: generatedSeo(def.page, page as Record<string, string>, contact),
        publicUrl,
        businessName: contact.business_name,
      },
    };
  } catch (error) {
    logger.error({ err: error, page: def.page }, "Failed to load page content");
    return {
      values: pick(defaults),
      overridden: [],
      defaults: pick(defaults),
      loadFailed: true,
      issues: { unreadable: [], missingImages: [] },
      draft: null,
      versions: [],
      timeZone: DEFAULT_TIME_ZONE,
      seo: {
        generated: generatedSeo(def.page, defaults),
        publicUrl,
        businessName: (defaultsFor("contact") as { business_name: string }).business_name,
      },
    };
  }
}

export async function heroSlideCounts(db: Db): Promise<{ total: number; active: number }> {
  const rows = await db.selectFrom("hero_slides").select("is_active").execute();
  return { total: rows.length, active: rows.filter((r) => Number(r.is_active) === 1).length };
}

const pageName = (def: EditorDef) => def.title.replace(/^Edit /, "");

/**
 * Publishes the page's draft. The contact page holds the opening hours: when its publish leaves
 * booked appointments outside them (they are kept), `notice` tells the owner to call those clients.
 */
async function publishWithNotice(
  services: Pick<AppServices, "content" | "db">,
  def: EditorDef,
  actor: { userId: number; email: string },
): Promise<{ published: Awaited<ReturnType<typeof publishDraft>>; notice: { notice?: string } }> {
  const publish = () => publishDraft(services, def, actor);
  if (def.page !== "contact") return { published: await publish(), notice: {} };
  const { value: published, notice } = await changeHours(services, publish);
  return { published, notice: notice ? { notice } : {} };
}

/**
 * Save: every key of the editor becomes the page's draft (a value equal to its default is kept as
 * "the default", so later changes of a default reach the page). Publish: the same, then the draft
 * goes live; publish-draft: the saved draft goes live as it is (the draft notice's button). Reset: one key of the draft back to its default. Discard drops the draft; restore
 * makes a version the draft. Visitors see only what is published.
 */
export async function handleEditorAction(
  services: Pick<AppServices, "content" | "db" | "logger">,
  user: Pick<SessionUser, "userId" | "email">,
  def: EditorDef,
  form: FormData,
): Promise<{ status: number; reply: EditorReply }> {
  const { content, db, logger } = services;
  const actor = { userId: user.userId, email: user.email };
  const intent = String(form.get("intent") ?? "save");
  const fields = editorFields(def);
  const failed = (error: unknown, what: EditorReply["intent"]) => {
    logger.error({ err: error, page: def.page, intent }, "Failed to save page content");
    const message = error instanceof DraftChangedError ? DRAFT_CHANGED : SAVE_ERROR.description;
    return {
      status: error instanceof DraftChangedError ? 409 : 500,
      reply: { intent: what, ok: false as const, message },
    };
  };

  if (intent.startsWith("reset:")) {
    const key = intent.slice("reset:".length);
    const field = fields.find((f) => f.key === key);
    if (!field) return { status: 400, reply: { intent: "reset", ok: false, message: "Unknown field" } };
    try {
      const draft = await getDraft(db, def.page);
      const base = draft?.values ?? storedFromOverrides(fields, await content.getOverrides(def.page));
      await saveDraft(db, def.page, { ...base, [key]: null }, user.userId);
    } catch (error) {
      return failed(error, "reset");
    }
    await audit(db, actor, `reset "${field.label}" to its default in the draft`, pageName(def));
    return { status: 200, reply: { intent: "reset", ok: true, key, message: `${field.label} reset to default` } };
  }

  if (intent === "discard") {
    try {
      if (!(await discardDraft(db, def.page))) return { status: 409, reply: { intent, ok: false, message: NO_DRAFT } };
    } catch (error) {
      return failed(error, intent);
    }
    await audit(db, actor, `discarded the draft of the ${pageName(def)} page`, pageName(def));
    return { status: 200, reply: { intent, ok: true, messages: [DRAFT_DISCARDED] } };
  }

  if (intent === "restore") {
    const id = Number(form.get("version"));
    if (!Number.isSafeInteger(id) || id <= 0) return { status: 400, reply: { intent, ok: false, message: NO_VERSION } };
    try {
      if (!(await restoreVersion(db, def, id, user.userId))) {
        return { status: 404, reply: { intent, ok: false, message: NO_VERSION } };
      }
    } catch (error) {
      return failed(error, intent);
    }
    await audit(db, actor, `restored a version of the ${pageName(def)} page as a draft`, pageName(def));
    return { status: 200, reply: { intent, ok: true, messages: [VERSION_RESTORED] } };
  }

  if (intent === "publish-draft") {
    try {
      const { published, notice } = await publishWithNotice(services, def, actor);
      if (!published) return { status: 409, reply: { intent: "publish", ok: false, message: NO_DRAFT } };
      await audit(db, actor, `updated the ${pageName(def)} page`, pageName(def), {
        keys: published.changes.map((c) => c.key),
      });
      return {
        status: 200,
        reply: {
          intent: "publish",
          ok: true,
          messages: successMessages(
            def,
            published.changes.map((c) => c.key),
          ),
          ...notice,
        },
      };
    } catch (error) {
      return failed(error, "publish");
    }
  }

  if (intent !== "save" && intent !== "publish") {
    return { status: 400, reply: { intent: "save", ok: false, message: "Unknown action" } };
  }
  const parsed = validateEditorValues(def, readEditorForm(def, form));
  if (!parsed.success) {
    return {
      status: 400,
      reply: { intent, ok: false, message: SAVE_ERROR.description, fieldErrors: parsed.fieldErrors },
    };
  }
  try {
    await saveDraft(db, def.page, asStoredValues(def.page, parsed.values), user.userId);
    if (intent === "save") {
      await audit(db, actor, `saved a draft of the ${pageName(def)} page`, pageName(def));
      return { status: 200, reply: { intent, ok: true, messages: [DRAFT_SAVED] } };
    }
    const { published, notice } = await publishWithNotice(services, def, actor);
    const changed = published?.changes.map((c) => c.key) ?? [];
    await audit(db, actor, `updated the ${pageName(def)} page`, pageName(def), { keys: changed });
    const panel = form.get("panel");
    return {
      status: 200,
      reply: {
        intent,
        ok: true,
        messages: successMessages(def, changed, typeof panel === "string" ? panel : undefined),
        ...notice,
      },
    };
  } catch (error) {
    return failed(error, intent);
  }
}

/** A draft made from what is published: each field's override, or null (its default). */
function storedFromOverrides(fields: FieldDef[], overrides: Record<string, string>): Record<string, string | null> {
  return Object.fromEntries(fields.map((f) => [f.key, overrides[f.key] ?? null]));
}

interface EditorRouteArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/**
 * The loader of an editor route (a page's or a service's): staff only; a slug that names no
 * editor answers 404 and is logged.
 */
export async function editorRouteLoader(
  args: EditorRouteArgs,
  slug: string,
  def: EditorDef | undefined,
  kind: "page" | "service",
) {
  await requireStaff(args);
  const services = args.context.get(servicesContext);
  if (!def) {
    const { pathname } = new URL(args.request.url);
    services.logger.warn({ path: pathname }, `404: no editor for this ${kind}`);
    return data({ found: false as const, pathname }, { status: 404 });
  }
  const [editor, heroSlides] = await Promise.all([
    loadEditor(services, def, services.env.sessionSecret, services.publicUrl),
    def.page === "home" ? heroSlideCounts(services.db).catch(() => undefined) : undefined,
  ]);
  return { found: true as const, slug, editor, heroSlides };
}

/** The action of an editor route: staff only, 404 for a slug that names no editor. */
export async function editorRouteAction(args: EditorRouteArgs, def: EditorDef | undefined) {
  const user = await requireStaff(args);
  if (!def) throw data("Not found", { status: 404 });
  const { status, reply } = await handleEditorAction(
    args.context.get(servicesContext),
    user,
    def,
    await readForm(args.request),
  );
  return data(reply, { status });
}
