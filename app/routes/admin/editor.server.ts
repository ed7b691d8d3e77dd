import { data, type RouterContextProvider } from "react-router";
import { defaultsFor } from "~/content";
import { editorFields, type EditorData, type EditorDef, type EditorReply } from "~/lib/editors";
import { SAVE_ERROR, successMessages } from "~/lib/editors/messages";
import { readEditorForm, validateEditorValues } from "~/lib/editors/validation";
import { audit } from "~/server/audit/audit.server";
import { requireStaff } from "~/server/auth/guard.server";
import type { SessionUser } from "~/server/auth/session.server";
import { servicesContext } from "~/server/context";
import type { Db } from "~/server/db/database.server";
import type { AppServices } from "~/server/app-services";
import { readForm } from "~/server/http/read-form.server";

/** What an editor screen needs; a failed read is logged and reported, never thrown. */
export async function loadEditor(
  { content, logger }: Pick<AppServices, "content" | "logger">,
  def: EditorDef,
): Promise<EditorData> {
  const keys = editorFields(def).map((f) => f.key);
  const defaults = defaultsFor(def.page) as Record<string, string>;
  const pick = (source: Record<string, string>) => Object.fromEntries(keys.map((k) => [k, source[k] ?? ""]));
  try {
    const [page, overrides, issues] = await Promise.all([
      content.getPage(def.page),
      content.getOverrides(def.page),
      content.getIssues(def.page),
    ]);
    return {
      values: pick(page as Record<string, string>),
      overridden: keys.filter((k) => k in overrides),
      defaults: pick(defaults),
      loadFailed: false,
      issues,
    };
  } catch (error) {
    logger.error({ err: error, page: def.page }, "Failed to load page content");
    return {
      values: pick(defaults),
      overridden: [],
      defaults: pick(defaults),
      loadFailed: true,
      issues: { unreadable: [], missingImages: [] },
    };
  }
}

export async function heroSlideCounts(db: Db): Promise<{ total: number; active: number }> {
  const rows = await db.selectFrom("hero_slides").select("is_active").execute();
  return { total: rows.length, active: rows.filter((r) => Number(r.is_active) === 1).length };
}

const pageName = (def: EditorDef) => def.title.replace(/^Edit /, "");

/**
 * Save: every key of the editor in one transaction (a value equal to its default removes the
 * override, so later changes of a default reach the page). Reset: one key back to its default.
 */
export async function handleEditorAction(
  { content, db, logger }: Pick<AppServices, "content" | "db" | "logger">,
  user: Pick<SessionUser, "userId" | "email">,
  def: EditorDef,
  form: FormData,
): Promise<{ status: number; reply: EditorReply }> {
  const actor = { userId: user.userId, email: user.email };
  const intent = String(form.get("intent") ?? "save");
  const fields = editorFields(def);

  if (intent.startsWith("reset:")) {
    const key = intent.slice("reset:".length);
    const field = fields.find((f) => f.key === key);
    if (!field) return { status: 400, reply: { intent: "reset", ok: false, message: "Unknown field" } };
    try {
      await content.reset(def.page, [key], user.userId);
    } catch (error) {
      logger.error({ err: error, page: def.page, key }, "Failed to reset content");
      return { status: 500, reply: { intent: "reset", ok: false, message: SAVE_ERROR.description } };
    }
    await audit(db, actor, `reset "${field.label}" to its default`, pageName(def));
    return { status: 200, reply: { intent: "reset", ok: true, key, message: `${field.label} reset to default` } };
  }

  if (intent !== "save") return { status: 400, reply: { intent: "save", ok: false, message: "Unknown action" } };
  const parsed = validateEditorValues(def, readEditorForm(def, form));
  if (!parsed.success) {
    return {
      status: 400,
      reply: { intent: "save", ok: false, message: SAVE_ERROR.description, fieldErrors: parsed.fieldErrors },
    };
  }
  const defaults = defaultsFor(def.page) as Record<string, string>;
  try {
    const before = (await content.getPage(def.page)) as Record<string, string>;
    const changed = Object.keys(parsed.values).filter((k) => parsed.values[k] !== before[k]);
    await content.save(
      def.page,
      Object.fromEntries(Object.entries(parsed.values).map(([k, v]) => [k, v === defaults[k] ? null : v])),
      user.userId,
    );
    await audit(db, actor, `updated the ${pageName(def)} page`, pageName(def), { keys: changed });
    const panel = form.get("panel");
    return {
      status: 200,
      reply: {
        intent: "save",
        ok: true,
        messages: successMessages(def, changed, typeof panel === "string" ? panel : undefined),
      },
    };
  } catch (error) {
    logger.error({ err: error, page: def.page }, "Failed to save page content");
    return { status: 500, reply: { intent: "save", ok: false, message: SAVE_ERROR.description } };
  }
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
    loadEditor(services, def),
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
