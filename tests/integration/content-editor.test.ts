import { DeleteQueryNode, InsertQueryNode, type KyselyPlugin } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { defaultsFor } from "~/content";
import { editorFields, PAGE_EDITORS, serviceEditorFor, type EditorDef } from "~/lib/editors";
import { handleEditorAction, loadEditor } from "~/routes/admin/editor.server";
import { ContentService } from "~/server/content/content.server";
import { publishDraft } from "~/server/content/drafts.server";
import type { Db } from "~/server/db/database.server";
import { createLogger } from "~/server/logger.server";
import { testDialect, useTestDatabase } from "../support/test-db";

const logger = createLogger("silent");

/** The form an editor posts to publish: every field, with the given values over the page's current ones. */
async function editorForm(content: ContentService, def: EditorDef, values: Record<string, string | string[]>) {
  const current = (await content.getPage(def.page)) as Record<string, string>;
  const form = new FormData();
  form.set("intent", "publish");
  for (const field of editorFields(def)) {
    const value = values[field.key] ?? current[field.key];
    if (field.kind === "options") {
      for (const o of Array.isArray(value) ? value : (JSON.parse(value) as string[])) form.append(field.key, o);
    } else form.set(field.key, String(value));
  }
  return form;
}

/** Makes the database refuse the nth statement of a kind (insert or delete) from now on. */
function failingAt(kind: "insert" | "delete", n: number): KyselyPlugin {
  let seen = 0;
  return {
    transformQuery(args) {
      const matches = kind === "insert" ? InsertQueryNode.is(args.node) : DeleteQueryNode.is(args.node);
      if (matches && ++seen === n) throw new Error(`injected failure at ${kind} #${n}`);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
}

describe(`content editors: publish and reset (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const user = { userId: 1, email: "editor@aurelia.test" };
  let content: ContentService;

  const services = (db: Db = testDb().db, service = content) => ({ db, content: service, logger });
  const rows = () =>
    testDb()
      .db.selectFrom("site_content")
      .select(["page", "section", "content_key", "content_value", "content_type"])
      .orderBy("page")
      .orderBy("section")
      .orderBy("content_key")
      .execute();

  beforeEach(async () => {
    await testDb().db.deleteFrom("site_content").execute();
    await testDb().db.deleteFrom("audit_log").execute();
    await testDb().db.deleteFrom("content_drafts").execute();
    content = new ContentService(testDb().db);
  });

  it("saves every key of an editor at once with the section and type rules; defaults are not stored", async () => {
    const def = PAGE_EDITORS.about;
    const form = await editorForm(content, def, {
      welcome_title: "  Welcome to the new Aurelia  ",
      ceo_badge_label: 'Twenty<br><strong onclick="x()">years</strong><script>alert(1)</script>',
      gallery_image2: "/media/2026/lounge.webp",
      gallery_alt2: "The lounge at dusk",
      stat1_number: "750",
      mission_text: "Line one\r\nLine two",
    });
    const { status, reply } = await handleEditorAction(services(), user, def, form);

    expect(status).toBe(200);
    expect(reply).toEqual({ intent: "publish", ok: true, messages: ["About Us page updated successfully"] });
    expect(await rows()).toEqual([
      {
        page: "about",
        section: "ceo",
        content_key: "ceo_badge_label",
        content_value: "Twenty<br /><strong>years</strong>",
        content_type: "html",
      },
      {
        page: "about",
        section: "gallery",
        content_key: "gallery_alt2",
        content_value: "The lounge at dusk",
        content_type: "text",
      },
      {
        page: "about",
        section: "gallery",
        content_key: "gallery_image2",
        content_value: "/media/2026/lounge.webp",
        content_type: "image",
      },
      {
        page: "about",
        section: "mission",
        content_key: "mission_text",
        content_value: "Line one\nLine two",
        content_type: "text",
      },
      { page: "about", section: "mission", content_key: "stat1_number", content_value: "750", content_type: "text" },
      {
        page: "about",
        section: "welcome",
        content_key: "welcome_title",
        content_value: "Welcome to the new Aurelia",
        content_type: "text",
      },
    ]);
    // The next read (the public page's) sees it.
    const page = await content.getPage("about");
    expect(page.welcome_title).toBe("Welcome to the new Aurelia");
    expect(page.ceo_title).toBe(defaultsFor("about").ceo_title);

    // The editor shows the override or the default, and which keys have an override.
    const loaded = await loadEditor(services(), def, "a-test-secret-of-sixteen");
    expect(loaded.values.welcome_title).toBe("Welcome to the new Aurelia");
    expect(loaded.values.ceo_bio).toBe(defaultsFor("about").ceo_bio);
    expect(loaded.overridden.sort()).toEqual(
      ["ceo_badge_label", "gallery_alt2", "gallery_image2", "mission_text", "stat1_number", "welcome_title"].sort(),
    );

    const audit = await testDb().db.selectFrom("audit_log").select(["user_email", "action", "target"]).execute();
    expect(audit).toEqual([{ user_email: user.email, action: "updated the About Us page", target: "About Us" }]);
  });

  it("saving a field back to its default value removes its override", async () => {
    const def = PAGE_EDITORS.services;
    await handleEditorAction(services(), user, def, await editorForm(content, def, { cta_title: "Questions?" }));
    expect(await rows()).toHaveLength(1);
    await handleEditorAction(
      services(),
      user,
      def,
      await editorForm(content, def, { cta_title: defaultsFor("services").cta_title }),
    );
    expect(await rows()).toEqual([]);
  });

  it("home: the toast names the sections that changed", async () => {
    const def = PAGE_EDITORS.home;
    const about = await handleEditorAction(
      services(),
      user,
      def,
      await editorForm(content, def, { "about.title": "Suites" }),
    );
    expect(about.reply).toMatchObject({ ok: true, messages: ["About section updated successfully"] });
    const pros = await handleEditorAction(
      services(),
      user,
      def,
      await editorForm(content, def, { "professionals.paragraph1": "New" }),
    );
    expect(pros.reply).toMatchObject({ ok: true, messages: ["Professionals section updated successfully"] });
    expect(await rows()).toMatchObject([
      { page: "home", section: "about", content_key: "title", content_value: "Suites" },
      { page: "home", section: "professionals", content_key: "paragraph1", content_value: "New" },
    ]);
  });

  it("service options: saved as a JSON list in the booking section, read back by the page", async () => {
    const def = serviceEditorFor("facials-waxing")!;
    const { reply } = await handleEditorAction(
      services(),
      user,
      def,
      await editorForm(content, def, { service_options: ["Brow Wax", "  Signature Facial ", "Back Facial"] }),
    );
    expect(reply).toMatchObject({ ok: true, messages: ["Facials & Waxing page updated successfully"] });
    expect(await rows()).toEqual([
      {
        page: "service-waxing",
        section: "booking",
        content_key: "service_options",
        content_value: '["Brow Wax","Signature Facial","Back Facial"]',
        content_type: "json",
      },
    ]);
  });

  it("reset to default removes one override and keeps the others", async () => {
    const def = PAGE_EDITORS.contact;
    await handleEditorAction(
      services(),
      user,
      def,
      await editorForm(content, def, { hero_title: "Say hello", hours_monday: "10:00 AM - 2:00 PM", city: "Austin" }),
    );
    await content.getPage("contact"); // cached …
    const reset = new FormData();
    reset.set("intent", "reset:hours_monday");
    const { status, reply } = await handleEditorAction(services(), user, def, reset);

    expect(status).toBe(200);
    expect(reply).toEqual({ intent: "reset", ok: true, key: "hours_monday", message: "Monday reset to default" });
    // The reset is a draft: visitors still see the published value until it is published.
    expect((await content.getPage("contact")).hours_monday).toBe("10:00 AM - 2:00 PM");
    await publishDraft(services(), def, user);
    // … and dropped: the next read shows the default.
    const page = await content.getPage("contact");
    expect(page.hours_monday).toBe(defaultsFor("contact").hours_monday);
    expect(page.hero_title).toBe("Say hello");
    expect((await rows()).map((r) => r.content_key)).toEqual(["hero_title", "city"]); // by section: hero, info

    const unknown = new FormData();
    unknown.set("intent", "reset:social_instagram"); // a contact key, but not one this editor edits
    expect((await handleEditorAction(services(), user, def, unknown)).status).toBe(400);
  });

  it("reset of several keys is one transaction", async () => {
    await content.save("suites", { hero_title: "A", app_title: "B", features_title: "C" });
    const failing = new ContentService(testDb().db.withPlugin(failingAt("delete", 2)));
    await expect(failing.reset("suites", ["hero_title", "app_title", "features_title"])).rejects.toThrow(/injected/);
    expect((await rows()).map((r) => r.content_value)).toEqual(["B", "C", "A"]);
    await content.reset("suites", ["hero_title", "app_title"]);
    expect((await rows()).map((r) => r.content_key)).toEqual(["features_title"]);
  });

  it("a save that fails midway leaves every key unchanged", async () => {
    const def = PAGE_EDITORS.contact;
    await handleEditorAction(
      services(),
      user,
      def,
      await editorForm(content, def, { hero_title: "Old title", city: "Dallas" }),
    );
    const before = await rows();
    const pageBefore = await content.getPage("contact");

    // The database fails on the third row written, after two have gone in inside the transaction.
    const failing = new ContentService(testDb().db.withPlugin(failingAt("insert", 3)));
    const form = await editorForm(failing, def, {
      hero_title: "New title",
      hero_subtitle: "New subtitle",
      business_name: "New Name",
      city: "Houston", // back to the default: a delete
      zip: "10001",
      email: "new@example.com",
    });
    const { status, reply } = await handleEditorAction(services(testDb().db, failing), user, def, form);

    expect(status).toBe(500);
    expect(reply).toEqual({ intent: "publish", ok: false, message: "Failed to save changes" });
    expect(await rows()).toEqual(before);
    expect(await failing.getPage("contact")).toEqual(pageBefore);
    expect(await content.getPage("contact")).toEqual(pageBefore);
    expect(await testDb().db.selectFrom("audit_log").select("action").execute()).toHaveLength(1);
  });

  it("a save with an unknown key in the middle of the set writes nothing", async () => {
    await content.save("services", { hero_title: "Kept" });
    const before = await rows();
    await expect(
      content.save("services", { hero_subtitle: "x", not_a_key: "y", cta_text: "z" } as Record<string, string>),
    ).rejects.toThrow(/Unknown content keys/);
    expect(await rows()).toEqual(before);
  });

  it("an invalid form changes nothing and says which fields are wrong", async () => {
    const def = PAGE_EDITORS.contact;
    await handleEditorAction(services(), user, def, await editorForm(content, def, { hero_title: "Kept" }));
    const before = await rows();
    const { status, reply } = await handleEditorAction(
      services(),
      user,
      def,
      await editorForm(content, def, {
        hero_title: "Changed",
        map_embed_url: "https://evil.example/embed",
        hero_image: "data:image/png;base64,AAAA",
      }),
    );
    expect(status).toBe(400);
    expect(reply).toMatchObject({ ok: false, message: "Failed to save changes" });
    expect(Object.keys((reply as { fieldErrors: object }).fieldErrors).sort()).toEqual(["hero_image", "map_embed_url"]);
    expect(await rows()).toEqual(before);
  });
});
