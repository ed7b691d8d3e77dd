import { InsertQueryNode, type KyselyPlugin } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { defaultsFor } from "~/content";
import { galleryImages, SUITES_GALLERY } from "~/content/suites-gallery";
import { editorFields, PAGE_EDITORS, type EditorDef } from "~/lib/editors";
import { DRAFT_SAVED, VERSION_RESTORED } from "~/lib/editors/messages";
import { handleEditorAction, loadEditor } from "~/routes/admin/editor.server";
import { ContentService } from "~/server/content/content.server";
import { getDraft, listVersions, publishDraft } from "~/server/content/drafts.server";
import { readPreviewToken } from "~/server/content/preview-link.server";
import { createLogger } from "~/server/logger.server";
import { clearTables, testDialect, useTestDatabase } from "../support/test-db";

const logger = createLogger("silent");
const secret = "a-test-secret-of-sixteen";

describe(`content drafts, publish and history (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const def = PAGE_EDITORS.services;
  let content: ContentService;
  let user: { userId: number; email: string };
  const services = (service = content) => ({ db: testDb().db, content: service, logger });

  /** The editor's form with the given values over what the editor shows now (the draft, else the page). */
  async function post(intent: string, values: Record<string, string> = {}, editor: EditorDef = def) {
    const shown = (await loadEditor(services(), editor, secret)).values;
    const form = new FormData();
    form.set("intent", intent);
    for (const field of editorFields(editor)) form.set(field.key, values[field.key] ?? shown[field.key]);
    return handleEditorAction(services(), user, editor, form);
  }
  const act = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return handleEditorAction(services(), user, def, form);
  };

  beforeEach(async () => {
    const { db } = testDb();
    await clearTables(db, ["site_content", "content_drafts", "content_versions", "audit_log"]);
    const row = await db
      .insertInto("users")
      .values({
        email: `editor-${Date.now()}@aurelia.test`,
        password_hash: "x",
        created_at: "2026-11-28T00:00:00Z",
        updated_at: "2026-11-28T00:00:00Z",
      })
      .returning(["id", "email"])
      .executeTakeFirstOrThrow();
    user = { userId: row.id, email: row.email };
    content = new ContentService(db);
  });

  it("a save is a draft: the page keeps its published text, the editor shows the draft with a preview link", async () => {
    const dropped: unknown[] = [];
    content.onChange((page) => dropped.push(page));
    const published = (await content.getPage("services")).cta_title;

    expect((await post("save", { cta_title: "Still deciding?" })).reply).toEqual({
      intent: "save",
      ok: true,
      messages: [DRAFT_SAVED],
    });

    expect((await content.getPage("services")).cta_title).toBe(published);
    expect(await testDb().db.selectFrom("site_content").selectAll().execute()).toEqual([]);
    expect(dropped).toEqual([]); // nothing cached was dropped: visitors' pages did not change
    const editor = await loadEditor(services(), def, secret);
    expect(editor.values.cta_title).toBe("Still deciding?");
    expect(editor.overridden).toEqual(["cta_title"]);
    expect(editor.draft).toMatchObject({ savedBy: user.email });
    const token = new URL(editor.draft!.previewPath, "http://x").searchParams.get("preview")!;
    expect(editor.draft!.previewPath.startsWith("/services?preview=")).toBe(true);
    const draft = await getDraft(testDb().db, "services");
    expect(readPreviewToken(secret, token)).toEqual({ ok: true, page: "services", draftKey: draft!.key });

    // The preview's view of the content has the draft; the site's does not.
    expect((await content.withDraft("services", draft!.values).getPage("services")).cta_title).toBe("Still deciding?");
    expect((await content.getPage("services")).cta_title).toBe(published);

    // Saving again keeps the draft (and its preview links).
    await post("save", { cta_text: "Call us" });
    expect((await getDraft(testDb().db, "services"))!.key).toBe(draft!.key);
  });

  it("publish makes the draft live in one go, keeps a version and drops the cached page then only", async () => {
    await post("save", { cta_title: "Still deciding?", hero_title: "Our Menu" });
    const dropped: unknown[] = [];
    content.onChange((page) => dropped.push(page));
    await content.getPage("services"); // cached

    const { reply } = await post("publish");
    expect(reply).toMatchObject({ intent: "publish", ok: true });
    expect(dropped).toEqual(["services"]);
    expect((await content.getPage("services")).cta_title).toBe("Still deciding?");
    expect(await getDraft(testDb().db, "services")).toBeUndefined();

    const versions = await listVersions(testDb().db, def);
    expect(versions).toEqual([
      {
        id: expect.any(Number),
        publishedAt: expect.any(String),
        publishedBy: user.email,
        changes: [
          { key: "hero_title", label: expect.any(String), from: defaultsFor("services").hero_title, to: "Our Menu" },
          {
            key: "cta_title",
            label: expect.any(String),
            from: defaultsFor("services").cta_title,
            to: "Still deciding?",
          },
        ],
      },
    ]);
    const editor = await loadEditor(services(), def, secret);
    expect(editor.draft).toBeNull();
    expect(editor.versions).toEqual(versions);

    // A publish that changes nothing keeps no version.
    await post("publish");
    expect(await listVersions(testDb().db, def)).toHaveLength(1);
  });

  it("a publish that fails midway writes nothing, keeps the draft and no version", async () => {
    await post("save", { cta_title: "A", cta_text: "B", hero_title: "C" });
    let inserts = 0;
    const failAtSecondInsert: KyselyPlugin = {
      transformQuery(args) {
        if (InsertQueryNode.is(args.node) && ++inserts === 2) throw new Error("injected");
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const failing = new ContentService(testDb().db.withPlugin(failAtSecondInsert));
    await expect(publishDraft(services(failing), def, user)).rejects.toThrow(/injected/);
    expect(await testDb().db.selectFrom("site_content").selectAll().execute()).toEqual([]);
    expect(await getDraft(testDb().db, "services")).toBeDefined();
    expect(await listVersions(testDb().db, def)).toEqual([]);
  });

  it("discard drops the draft; the editor shows the published page again", async () => {
    await post("publish", { cta_title: "Live" });
    await post("save", { cta_title: "Draft" });
    expect((await act({ intent: "discard" })).reply).toMatchObject({ intent: "discard", ok: true });
    expect(await getDraft(testDb().db, "services")).toBeUndefined();
    expect((await loadEditor(services(), def, secret)).values.cta_title).toBe("Live");
    expect((await act({ intent: "discard" })).status).toBe(409);
  });

  it("restore makes an old version the draft (with a new preview key); publishing it brings the text back", async () => {
    await post("publish", { cta_title: "First" });
    await post("publish", { cta_title: "Second" });
    await post("save", { cta_title: "Unpublished idea" });
    const oldKey = (await getDraft(testDb().db, "services"))!.key;
    const [second, first] = await listVersions(testDb().db, def);
    expect(second.changes).toMatchObject([{ key: "cta_title", from: "First", to: "Second" }]);

    expect((await act({ intent: "restore", version: String(first.id) })).reply).toEqual({
      intent: "restore",
      ok: true,
      messages: [VERSION_RESTORED],
    });
    const restored = (await getDraft(testDb().db, "services"))!;
    expect(restored.key).not.toBe(oldKey);
    expect(restored.values.cta_title).toBe("First");
    expect(restored.values.hero_title).toBeNull(); // the default stays "the default"
    expect((await content.getPage("services")).cta_title).toBe("Second");

    // The draft notice's Publish draft: the saved draft as it is.
    expect((await act({ intent: "publish-draft" })).reply).toMatchObject({ intent: "publish", ok: true });
    expect((await content.getPage("services")).cta_title).toBe("First");
    expect((await act({ intent: "publish-draft" })).status).toBe(409);
    expect((await listVersions(testDb().db, def)).map((v) => v.changes[0].to)).toEqual(["First", "Second", "First"]);

    expect((await act({ intent: "restore", version: "999999" })).status).toBe(404);
    expect((await act({ intent: "restore", version: "x" })).status).toBe(400);
    // A version of another page is not this page's.
    await post("publish", { hero_title: "Say hello" }, PAGE_EDITORS.contact);
    const [contactVersion] = await listVersions(testDb().db, PAGE_EDITORS.contact);
    expect((await act({ intent: "restore", version: String(contactVersion.id) })).status).toBe(404);
  });

  it("the suites gallery is drafted, published and restored with its page: nine images with their alt texts", async () => {
    const suites = PAGE_EDITORS.suites;
    await post("save", { gallery_image2: "/images/gallery-1.jpg", gallery_alt2: "The front lounge" }, suites);
    expect(galleryImages(await content.getPage("suites"))).toEqual(SUITES_GALLERY);
    await post("publish-draft", {}, suites);
    const published = galleryImages(await content.getPage("suites"));
    expect(published).toHaveLength(9);
    expect(published[1]).toEqual({ src: "/images/gallery-1.jpg", alt: "The front lounge" });
    const [version] = await listVersions(testDb().db, suites);
    expect(version.changes.map((c) => c.label)).toEqual(["Gallery Image 2", "Gallery Image 2 alt text"]);
  });

  it("reset to default changes the draft, not the page", async () => {
    await post("publish", { cta_title: "Live" });
    expect((await act({ intent: "reset:cta_title" })).reply).toMatchObject({ intent: "reset", ok: true });
    expect((await content.getPage("services")).cta_title).toBe("Live");
    expect((await loadEditor(services(), def, secret)).values.cta_title).toBe(defaultsFor("services").cta_title);
  });
});
