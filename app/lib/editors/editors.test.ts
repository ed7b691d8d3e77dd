import { describe, expect, it } from "vitest";
import { defaultsFor } from "~/content";
import type { MenuOption } from "~/content/service-pages";
import { EDITABLE_PAGES } from "~/lib/admin-pages";
import { contentTypeFor } from "~/lib/content-rules";
import {
  editorFields,
  PAGE_EDITORS,
  pageEditor,
  panelOf,
  SERVICE_EDITOR_SLUGS,
  serviceEditorFor,
  type EditorDef,
} from "./index";
import { successMessages } from "./messages";
import { isImageRef, isMapEmbedUrl, normalizeOptions, readEditorForm, validateEditorValues } from "./validation";

const ALL_EDITORS: EditorDef[] = [
  ...Object.values(PAGE_EDITORS),
  ...Object.keys(SERVICE_EDITOR_SLUGS).map((slug) => serviceEditorFor(slug)!),
];

/** A form as the editor posts it: every field with the page's default value. */
function defaultForm(def: EditorDef, overrides: Record<string, string | string[]> = {}): FormData {
  const defaults = defaultsFor(def.page) as Record<string, string>;
  const form = new FormData();
  form.set("intent", "save");
  for (const field of editorFields(def)) {
    const value = overrides[field.key] ?? defaults[field.key];
    if (field.kind === "options") {
      // As the editor posts them: each name, and with the built-in menu its length, price and processing.
      for (const option of Array.isArray(value) ? value : (JSON.parse(value) as (string | MenuOption)[])) {
        if (typeof option === "string") form.append(field.key, option);
        else {
          form.append(field.key, option.name);
          form.append(`${field.key}.duration`, String(option.durationMinutes));
          form.append(`${field.key}.price`, option.price);
          form.append(`${field.key}.processingAfter`, String(option.processing?.afterMinutes ?? ""));
          form.append(`${field.key}.processing`, String(option.processing?.minutes ?? ""));
        }
      }
    } else form.set(field.key, String(value));
  }
  return form;
}

describe("editor definitions", () => {
  it("every content list card opens an editor that exists", () => {
    for (const page of EDITABLE_PAGES) {
      const [, , , kind, slug] = page.editPath.split("/");
      const def = kind === "service" ? serviceEditorFor(slug) : pageEditor(kind);
      expect(def, page.editPath).toBeDefined();
      expect(def!.publicPath).toBe(page.publicPath);
    }
  });

  it("unknown slugs have no editor (the route answers 404)", () => {
    for (const slug of ["", "bogus", "toString", "__proto__", "service-hair"]) expect(pageEditor(slug)).toBeUndefined();
    for (const slug of ["", "waxing", "facials", "constructor", "hair "])
      expect(serviceEditorFor(slug)).toBeUndefined();
  });

  it.each(ALL_EDITORS.map((d) => [d.page, d] as const))(
    "%s: keys are the page's keys, each edited once",
    (_page, def) => {
      const defaults = defaultsFor(def.page) as Record<string, string>;
      const keys = editorFields(def).map((f) => f.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const key of keys) expect(Object.keys(defaults), key).toContain(key);
      // Image fields are exactly the keys the content rules store as images.
      for (const field of editorFields(def)) {
        const type = contentTypeFor(def.page, field.key);
        expect(field.kind === "image", field.key).toBe(type === "image");
        expect(field.kind === "html", field.key).toBe(type === "html");
        expect(field.kind === "options", field.key).toBe(type === "json");
      }
    },
  );

  it("editors have their named tabs and edit every key of their page", () => {
    expect(PAGE_EDITORS.home.panels.map((p) => p.label)).toEqual([
      "Hero Slides",
      "Professionals",
      "About Section",
      "Services",
      "SEO and sharing",
    ]);
    expect(PAGE_EDITORS.about.panels.map((p) => p.label)).toEqual([
      "Welcome",
      "CEO",
      "Journey",
      "Gallery",
      "Mission",
      "SEO and sharing",
    ]);
    expect(PAGE_EDITORS.suites.panels.map((p) => p.label)).toEqual([
      "Hero",
      "Application",
      "Features",
      "Gallery",
      "SEO and sharing",
    ]);
    // Every key of these pages is editable (contact's social links live in Settings).
    for (const page of ["about", "services", "suites"] as const) {
      expect(
        editorFields(PAGE_EDITORS[page])
          .map((f) => f.key)
          .sort(),
      ).toEqual(Object.keys(defaultsFor(page)).sort());
    }
    expect(
      editorFields(PAGE_EDITORS.home)
        .map((f) => f.key)
        .sort(),
    ).toEqual(Object.keys(defaultsFor("home")).sort());
    const contactKeys = editorFields(PAGE_EDITORS.contact).map((f) => f.key);
    expect(Object.keys(defaultsFor("contact")).filter((k) => !contactKeys.includes(k))).toEqual([
      "social_instagram",
      "social_facebook",
      "social_tiktok",
    ]);
    for (const def of ALL_EDITORS.filter((d) => d.page.startsWith("service-"))) {
      expect(
        editorFields(def)
          .map((f) => f.key)
          .sort(),
      ).toEqual(Object.keys(defaultsFor(def.page)).sort());
    }
  });

  it("the facials-waxing editor edits service-waxing and names its booking page", () => {
    const def = serviceEditorFor("facials-waxing")!;
    expect(def.page).toBe("service-waxing");
    expect(def.publicPath).toBe("/services/facials-waxing");
    expect(def.alsoShownOn).toEqual(["/book/facials-waxing"]);
    expect(serviceEditorFor("lip-fillers")!.alsoShownOn).toBeUndefined();
  });

  it("panelOf finds the tab of a key, alt texts included", () => {
    expect(panelOf(PAGE_EDITORS.about, "gallery_alt2")).toBe("gallery");
    expect(panelOf(PAGE_EDITORS.about, "stat3_label")).toBe("mission");
    expect(panelOf(PAGE_EDITORS.home, "about.image_url")).toBe("about");
  });
});

describe("editor validation", () => {
  it.each(ALL_EDITORS.map((d) => [d.page, d] as const))("%s: the defaults are valid as they are", (_page, def) => {
    const result = validateEditorValues(def, readEditorForm(def, defaultForm(def)));
    expect(result.success ? [] : result.fieldErrors).toEqual([]);
    if (result.success)
      expect(result.values).toEqual(
        Object.fromEntries(
          editorFields(def).map((f) => [f.key, (defaultsFor(def.page) as Record<string, string>)[f.key]]),
        ),
      );
  });

  it("trims text, normalizes line breaks and keeps markup as text (it is escaped on render)", () => {
    const def = PAGE_EDITORS.services;
    const result = validateEditorValues(
      def,
      readEditorForm(
        def,
        defaultForm(def, { hero_title: "  <script>alert(1)</script> Services  ", hero_description: "One\r\nTwo\r\n" }),
      ),
    );
    expect(result).toMatchObject({
      success: true,
      values: { hero_title: "<script>alert(1)</script> Services", hero_description: "One\nTwo" },
    });
  });

  it("refuses a form that lacks a key (a partial save would look like a cleared field)", () => {
    const def = PAGE_EDITORS.services;
    const form = defaultForm(def);
    form.delete("cta_text");
    const result = validateEditorValues(def, readEditorForm(def, form));
    expect(result).toMatchObject({ success: false, fieldErrors: { cta_text: [expect.stringMatching(/missing/)] } });
  });

  it("checks required fields, lengths, phones, emails and zip codes", () => {
    const def = PAGE_EDITORS.contact;
    const result = validateEditorValues(
      def,
      readEditorForm(
        def,
        defaultForm(def, {
          hero_title: "   ",
          business_name: "x".repeat(121),
          salon_phone: "call me",
          tel_phone: "",
          email: "not-an-email",
          zip: "7709",
        }),
      ),
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(Object.keys(result.fieldErrors).sort()).toEqual([
      "business_name",
      "email",
      "hero_title",
      "salon_phone",
      "zip",
    ]);
    expect(result.fieldErrors.hero_title).toEqual(["Title is required"]);
    expect(result.fieldErrors.business_name).toEqual(["Business Name can have at most 120 characters"]);
  });

  it("accepts only site paths and https links as images", () => {
    for (const ok of ["/images/a.jpg", "/media/2026/x-1.webp", "https://cdn.example.com/a.png?w=200", ""]) {
      const def = PAGE_EDITORS.suites;
      expect(validateEditorValues(def, readEditorForm(def, defaultForm(def, { hero_logo: ok }))).success, ok).toBe(
        true,
      );
    }
    for (const bad of [
      "data:image/png;base64,AAAA",
      "javascript:alert(1)",
      "http://example.com/a.jpg",
      "//evil.example/a.jpg",
      "/images/../../etc/passwd",
      "images/a.jpg",
      '/images/a.jpg" onerror="x',
      "https://user:pw@example.com/a.jpg",
    ]) {
      expect(isImageRef(bad), bad).toBe(false);
    }
  });

  it("accepts a map embed only over https from an allowed map host", () => {
    expect(isMapEmbedUrl("https://www.google.com/maps/embed?pb=!1m18!1m12")).toBe(true);
    expect(isMapEmbedUrl("https://maps.google.com/maps?q=Houston&output=embed")).toBe(true);
    for (const bad of [
      "http://www.google.com/maps/embed?pb=1",
      "https://evil.example/maps/embed",
      "https://www.google.com.evil.example/maps/embed",
      "https://www.google.com/search?q=x",
      "javascript:alert(1)",
    ]) {
      expect(isMapEmbedUrl(bad), bad).toBe(false);
    }
    const def = PAGE_EDITORS.contact;
    const bad = validateEditorValues(
      def,
      readEditorForm(def, defaultForm(def, { map_embed_url: "https://evil.example/x" })),
    );
    expect(bad).toMatchObject({
      success: false,
      fieldErrors: { map_embed_url: [expect.stringMatching(/Google Maps/)] },
    });
  });

  it("service options: trimmed, order kept, stored as JSON; blanks and duplicates refused", () => {
    // The list editor's Add: blanks ignored, duplicates once.
    expect(normalizeOptions(["  Silk Press ", "", "   ", "Balayage", "silk press", "Gel  Manicure"])).toEqual([
      "Silk Press",
      "Balayage",
      "Gel Manicure",
    ]);
    const def = serviceEditorFor("hair")!;
    const ok = validateEditorValues(def, readEditorForm(def, defaultForm(def, { service_options: ["B", " A "] })));
    expect(ok).toMatchObject({ success: true, values: { service_options: '["B","A"]' } });
    for (const [list, message] of [
      [["B", ""], "Option 2 needs a name"],
      [["B", " b"], "“b” is listed twice: option names must be unique"],
    ] as const) {
      const refused = validateEditorValues(def, readEditorForm(def, defaultForm(def, { service_options: [...list] })));
      expect(refused).toEqual({ success: false, fieldErrors: { service_options: [message] } });
    }
    // No options at all is a valid (empty) list.
    const empty = defaultForm(def);
    empty.delete("service_options");
    expect(validateEditorValues(def, readEditorForm(def, empty))).toMatchObject({
      success: true,
      values: { service_options: "[]" },
    });
    const long = validateEditorValues(
      def,
      readEditorForm(def, defaultForm(def, { service_options: ["x".repeat(101)] })),
    );
    expect(long.success).toBe(false);
    const many = validateEditorValues(
      def,
      readEditorForm(def, defaultForm(def, { service_options: Array.from({ length: 51 }, (_, i) => `Option ${i}`) })),
    );
    expect(many.success).toBe(false);
  });

  it("service options carry a length and a price (lip fillers' too); a new one starts with an hour and no price", () => {
    const def = serviceEditorFor("nails")!;
    const form = defaultForm(def, { service_options: ["Gel Manicure", "Nail Art"] });
    for (const [duration, price] of [
      ["45", "$50"],
      ["60", "$45"],
    ]) {
      form.append("service_options.duration", duration);
      form.append("service_options.price", price);
    }
    expect(validateEditorValues(def, readEditorForm(def, form))).toMatchObject({
      success: true,
      values: {
        service_options: JSON.stringify([
          { name: "Gel Manicure", durationMinutes: 45, price: "$50" },
          { name: "Nail Art", durationMinutes: 60, price: "$45" },
        ]),
      },
    });
    form.delete("service_options.duration");
    form.append("service_options.duration", "3");
    form.append("service_options.duration", "60");
    expect(validateEditorValues(def, readEditorForm(def, form))).toEqual({
      success: false,
      fieldErrors: { service_options: ["“Gel Manicure”: give the length as whole minutes from 5 to 720"] },
    });
    expect(editorFields(def).find((f) => f.key === "service_options")?.optionDefaults).toEqual({
      durationMinutes: 60,
      price: "",
    });
    expect(
      editorFields(serviceEditorFor("lip-fillers")!).find((f) => f.key === "service_options")?.optionDefaults,
    ).toEqual({ durationMinutes: 60, price: "" });
  });

  it("counts the service description's characters against its limit", () => {
    const def = serviceEditorFor("nails")!;
    expect(editorFields(def).find((f) => f.key === "hero_description")).toMatchObject({ counter: true, max: 600 });
    const result = validateEditorValues(
      def,
      readEditorForm(def, defaultForm(def, { hero_description: "x".repeat(601) })),
    );
    expect(result.success).toBe(false);
  });
});

describe("success toasts", () => {
  it("names the page, or for home the sections that changed", () => {
    expect(successMessages(PAGE_EDITORS.about, ["ceo_bio"])).toEqual(["About Us page updated successfully"]);
    expect(successMessages(PAGE_EDITORS.contact, [])).toEqual(["Contact page updated successfully"]);
    expect(successMessages(PAGE_EDITORS.services, [])).toEqual(["Services page updated successfully"]);
    expect(successMessages(PAGE_EDITORS.suites, [])).toEqual(["Suites page updated successfully"]);
    expect(successMessages(serviceEditorFor("hair")!, [])).toEqual(["Hair Services page updated successfully"]);
    expect(successMessages(serviceEditorFor("facials-waxing")!, [])).toEqual([
      "Facials & Waxing page updated successfully",
    ]);
    const home = PAGE_EDITORS.home;
    expect(successMessages(home, ["professionals.title"])).toEqual(["Professionals section updated successfully"]);
    expect(successMessages(home, ["about.image_url", "about.title"])).toEqual(["About section updated successfully"]);
    expect(successMessages(home, ["about.title", "professionals.paragraph1"])).toEqual([
      "About section updated successfully",
      "Professionals section updated successfully",
    ]);
    expect(successMessages(home, [], "about")).toEqual(["About section updated successfully"]);
  });
});
