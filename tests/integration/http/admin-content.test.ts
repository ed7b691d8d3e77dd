/**
 * The admin's content screens over HTTP: unknown editors and slides, the hero slide list's refusals,
 * a page editor's save reaching its public page (markup typed into any text field shown as text),
 * drafts that visitors never see (cached or not) and their signed preview links,
 * and the media library's JSON endpoint (upload, list, size cap, staff only), the stored original,
 * deletion, and the AVIF/WebP variants a visitor is offered for an image saved in a page editor.
 */
import type { MenuOption } from "~/content/service-pages";
import { describe, expect, it } from "vitest";
import { defaultsFor } from "~/content";
import { aboutDefaults } from "~/content/about";
import { EDITABLE_PAGES } from "~/lib/admin-pages";
import { editorFields, PAGE_EDITORS, serviceEditorFor, type EditorDef } from "~/lib/editors";
import { maxLengthOf } from "~/lib/editors/validation";
import type { LibraryImage } from "~/lib/media";
import { testDialect } from "../../support/test-db";
import { useTestServer, type TestServer } from "../../support/test-server";
import { makeImage } from "../../support/fixtures";
import { untilKept } from "../../support/page-cache";
import { previewToken } from "~/server/content/preview-link.server";
import { getDraft } from "~/server/content/drafts.server";
import { valuesFromSlide } from "~/lib/hero-slide-form";
import { toHeroSlide } from "~/server/hero-slides/hero-slides.server";
import fs from "node:fs";
import path from "node:path";
import { find, findAll, links, text } from "../../support/html-fragments";

function upload(server: TestServer, file: { name: string; type: string; bytes: Buffer }, cookie?: string) {
  const body = new FormData();
  body.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return server.fetch("/admin/media/upload", { method: "POST", body, cookie });
}

const form = (fields: [string, string][] | Record<string, string>) => new URLSearchParams(fields);

/** An editor's Publish (or Save draft) as its form sends it: every key, the defaults but for the values given. */
function editorSave(def: EditorDef, values: Record<string, string>, intent = "publish"): URLSearchParams {
  const defaults = defaultsFor(def.page) as Record<string, string>;
  const fields: [string, string][] = [["intent", intent]];
  for (const field of editorFields(def)) {
    const value = values[field.key] ?? defaults[field.key] ?? "";
    if (field.kind === "options")
      // As the editor posts them: each name, with its length and price when the list has them.
      for (const option of JSON.parse(value || "[]") as (string | MenuOption)[]) {
        if (typeof option === "string") fields.push([field.key, option]);
        else
          fields.push(
            [field.key, option.name],
            [`${field.key}.duration`, String(option.durationMinutes)],
            [`${field.key}.price`, option.price],
          );
      }
    else fields.push([field.key, value]);
  }
  return form(fields);
}

describe(`admin content over HTTP (${testDialect})`, () => {
  const server = useTestServer();

  describe("content and hero slide screens", () => {
    it("the sidebar has one entry per screen and marks Pages while a page is edited; /admin/content is /admin/pages", async () => {
      const { cookie } = await server().signIn("editor");
      const html = await (await server().fetch("/admin/edit/home", { cookie })).text();
      const sidebar = find(html, "nav", { "aria-label": "Admin" });
      const entries = links(sidebar).map((a) => [text(a), a.attrs.href]);
      expect(entries).toEqual([
        ["Salon Admin", "/"],
        ["Dashboard", "/admin/dashboard"],
        ["Pages", "/admin/pages"],
        ["Hero Slides", "/admin/hero-slides"],
        ["Media Library", "/admin/media"],
        ["Form Submissions", "/admin/submissions"],
        ["Bookings", "/admin/bookings"],
        ["Clients", "/admin/clients"],
        ["Applicants", "/admin/applicants"],
        ["Settings", "/admin/settings"],
      ]);
      expect(
        links(sidebar)
          .filter((a) => a.attrs["aria-current"] === "page")
          .map((a) => text(a)),
      ).toEqual(["Pages"]);

      const old = await server().fetch("/admin/content?q=hair", { cookie });
      expect(old.status).toBe(301);
      expect(old.headers.get("location")).toBe("/admin/pages?q=hair");
    });

    it("the pages list has a card per editable page: its title, a View link opening its public page in a new tab, its sections and Edit Page", async () => {
      const html = await (await server().fetch("/admin/pages", { as: "editor" })).text();
      const cards = findAll(html, "li", { "data-testid": "page-card" });
      expect(cards.map((card) => text(find(card.outer, "h3")))).toEqual(EDITABLE_PAGES.map((p) => p.title));
      for (const [i, p] of EDITABLE_PAGES.entries()) {
        const card = cards[i].outer;
        expect(find(card, "a", { "aria-label": `View ${p.title} (opens in a new tab)` }).attrs).toMatchObject({
          href: p.publicPath,
          target: "_blank",
        });
        const sections = find(card, "ul", { "aria-label": `Editable sections of ${p.title}` });
        expect(
          findAll(sections.outer, "li").map((li) => text(li)),
          p.title,
        ).toEqual(p.sections);
        expect(find(card, "a", { "aria-label": `Edit Page: ${p.title}` }).attrs.href).toBe(p.editPath);
      }
    });

    it("the pages list searches without JavaScript: a GET form of ?q= whose answer lists the matches, a query with markup shown as text", async () => {
      const { cookie } = await server().signIn("editor");
      const list = await (await server().fetch("/admin/pages", { cookie })).text();
      const search = find(list, "form", { role: "search", "aria-label": "Pages" });
      expect(search.attrs).toMatchObject({ method: "get", action: "/admin/pages" });
      expect(find(search.outer, "input", { type: "search" }).attrs.name).toBe("q");
      expect(text(find(search.outer, "button", { type: "submit" }))).toBe("Search");

      const found = await (await server().fetch("/admin/pages?q=lash", { cookie })).text();
      expect(text(find(found, "h1"))).toBe("Pages Management");
      expect(findAll(found, "li", { "data-testid": "page-card" }).map((card) => text(find(card.outer, "h3")))).toEqual([
        "Lash Services",
      ]);
      const none = await (await server().fetch("/admin/pages?q=%3Cscript%3Ezzz", { cookie })).text();
      expect(text(none)).toContain('No pages found matching "<script>zzz"');
      expect(none).not.toContain("<script>zzz");
    });

    it("unknown editors answer 404 inside the admin", async () => {
      const { cookie } = await server().signIn("editor");
      for (const path of ["/admin/edit/bogus", "/admin/edit/service/bogus", "/admin/edit/service/waxing"]) {
        const response = await server().fetch(path, { cookie });
        expect(response.status, path).toBe(404);
        const html = await response.text();
        expect(html, path).toContain("Page not found");
        expect(html, path).toContain("Back to Pages");
        expect(html, path).toContain('<nav aria-label="Admin"');
      }
    });

    it("an unknown or malformed slide id is a 404 inside the admin", async () => {
      const { cookie } = await server().signIn("admin");
      for (const path of ["/admin/hero-slides/edit/999999", "/admin/hero-slides/edit/abc"]) {
        const response = await server().fetch(path, { cookie });
        expect(response.status, path).toBe(404);
        const html = await response.text();
        expect(html, path).toContain("Slide not found");
        expect(html, path).toContain('<nav aria-label="Admin"');
      }
    });

    it("the slide list refuses unknown ids, a malformed order and an unknown intent, changing nothing", async () => {
      const { cookie } = await server().signIn("admin");
      const slides = () => server().db.selectFrom("hero_slides").selectAll().orderBy("id").execute();
      const before = await slides();
      const post = (fields: Record<string, string>) =>
        server().fetch("/admin/hero-slides", { method: "POST", cookie, body: form(fields) });
      expect((await post({ intent: "toggle", id: "999999", active: "1" })).status).toBe(404);
      expect((await post({ intent: "delete", id: "999999" })).status).toBe(404);
      expect((await post({ intent: "reorder", ids: "1,x" })).status).toBe(400);
      expect((await post({ intent: "explode" })).status).toBe(400);
      expect(await slides()).toEqual(before);
    });
  });

  describe("page editors", () => {
    const save = async (cookie: string, path: string, def: EditorDef, values: Record<string, string>) => {
      const response = await server().fetch(path, { method: "POST", cookie, body: editorSave(def, values) });
      expect(response.status, `${path}: ${def.page}`).toBe(200);
    };
    const mainText = async (path: string) => text(find(await (await server().fetch(path)).text(), "main"));

    it("a field saved in the about, services and suites editors shows on its public page", async () => {
      const { cookie } = await server().signIn("editor");
      await save(cookie, "/admin/edit/about", PAGE_EDITORS.about, { ceo_title: "Simone Laurent" });
      const about = find(await (await server().fetch("/about")).text(), "main");
      expect(findAll(about.inner, "h2").map((h) => text(h))).toContain("Simone Laurent");
      await save(cookie, "/admin/edit/services", PAGE_EDITORS.services, { cta_title: "Still deciding?" });
      expect(await mainText("/services")).toContain("Still deciding?");
      await save(cookie, "/admin/edit/suites", PAGE_EDITORS.suites, { app_title: "Apply for a Suite" });
      expect(await mainText("/suites")).toContain("Apply for a Suite");
    });

    it("markup typed into every text field of an editor is shown as text on its page; the about badge keeps only its allowed tags", async () => {
      const { cookie } = await server().signIn("editor");
      const payload = "<script>alert(1)</script>";
      const editors: [EditorDef, string, string][] = [
        [PAGE_EDITORS.home, "/admin/edit/home", "/"],
        [PAGE_EDITORS.about, "/admin/edit/about", "/about"],
        [PAGE_EDITORS.contact, "/admin/edit/contact", "/contact"],
        [PAGE_EDITORS.services, "/admin/edit/services", "/services"],
        [PAGE_EDITORS.suites, "/admin/edit/suites", "/suites"],
        [serviceEditorFor("makeup")!, "/admin/edit/service/makeup", "/services/makeup"],
      ];
      for (const [def, editPath, publicPath] of editors) {
        // Every plain text field gets the payload (within its length limit).
        const keys = editorFields(def)
          .filter(
            (f) => (f.kind === "text" || f.kind === "textarea") && !f.pattern && maxLengthOf(f) >= payload.length + 6,
          )
          .map((f) => f.key);
        expect(keys.length, def.page).toBeGreaterThan(0);
        const values = Object.fromEntries(keys.map((key, i) => [key, `${payload} ${i}`]));
        if (def.page === "about")
          values.ceo_badge_label = `30<br><strong>years</strong><script>alert(2)</script><img src=x onerror="alert(3)"><a href="javascript:alert(4)">of care</a>`;
        await save(cookie, editPath, def, values);

        const html = await (await server().fetch(publicPath)).text();
        expect(html, publicPath).not.toContain(payload);
        expect(html, publicPath).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
        expect(text(find(html, "main")), publicPath).toContain(`${payload} `);
        if (def.page === "about") {
          const badge = findAll(html, "span").filter((span) => span.inner.includes("<strong>years</strong>"));
          expect(badge.map((span) => span.inner.replace(/<br\s*\/?>/g, "<br>"))).toContain(
            "30<br><strong>years</strong>of care",
          );
          expect(aboutDefaults.ceo_badge_label).not.toBe("30<br><strong>years</strong>of care");
        }
      }
    });
  });

  describe("media library endpoints", () => {
    it("the upload endpoint and its list answer 401 with JSON without a session", async () => {
      const response = await upload(server(), {
        name: "x.png",
        type: "image/png",
        bytes: await makeImage(10, 10, "png"),
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ ok: false, error: "Your session has ended. Please sign in again." });
      expect((await server().fetch("/admin/media/upload?list=1")).status).toBe(401);
      // Nothing was added beside the site's own photographs.
      expect(await server().db.selectFrom("site_images").select("id").where("builtin", "=", 0).execute()).toEqual([]);
    });

    it("holds its own 10 MB cap with a JSON error (the app's body limit leaves /admin/ alone)", async () => {
      const { cookie } = await server().signIn("editor");
      const response = await upload(
        server(),
        { name: "huge.jpg", type: "image/jpeg", bytes: Buffer.alloc(11 * 1024 * 1024, 7) },
        cookie,
      );
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        ok: false,
        error: "The file is larger than 10 MB. Please upload a smaller image.",
      });
      const list = await server().fetch("/admin/media/upload?list=1", { cookie });
      expect(list.status).toBe(200);
      expect(Array.isArray(((await list.json()) as { images: unknown }).images)).toBe(true);
    });

    it("an upload answers its image as JSON; the original is served without camera data; delete removes it all", async () => {
      const { cookie } = await server().signIn("editor");
      const response = await upload(
        server(),
        { name: "salon.jpg", type: "image/jpeg", bytes: await makeImage(1200, 800, "jpeg") },
        cookie,
      );
      expect(response.status).toBe(201);
      const { ok, image } = (await response.json()) as { ok: boolean; image: LibraryImage };
      expect(ok).toBe(true);
      expect(image).toMatchObject({ name: "salon.jpg", width: 1200, height: 800, mimeType: "image/jpeg", alt: "" });
      expect(image.url).toMatch(/^\/media\/\d{4}\/\d{2}\/salon-[0-9a-f]{10}\.jpg$/);

      const list = (await (await server().fetch("/admin/media/upload?list=1", { cookie })).json()) as {
        images: LibraryImage[];
      };
      expect(list.images.map((i) => i.url)).toContain(image.url);

      const original = await server().fetch(image.url);
      expect(original.status).toBe(200);
      expect(original.headers.get("content-type")).toBe("image/jpeg");
      expect(Buffer.from(await original.arrayBuffer()).includes(Buffer.from("SecretCam"))).toBe(false);
      expect((await server().fetch(`/_img/640/webp${image.url}`)).status).toBe(200);

      const remove = () =>
        server().fetch("/admin/media", {
          method: "POST",
          cookie,
          body: form({ intent: "delete", id: String(image.id) }),
        });
      expect((await remove()).status).toBe(200);
      expect((await server().fetch(image.url)).status).toBe(404);
      expect((await server().fetch(`/_img/640/webp${image.url}`)).status).toBe(404);
      expect(await server().db.selectFrom("site_images").select("id").where("id", "=", image.id).execute()).toEqual([]);
      // Deleting it again: it no longer exists.
      expect((await remove()).status).toBe(404);
    });

    it("an image saved in a page editor is offered to visitors as AVIF and WebP variants", async () => {
      const { cookie } = await server().signIn("editor");
      const uploaded = await upload(
        server(),
        { name: "about-suite.jpg", type: "image/jpeg", bytes: await makeImage(800, 1000, "jpeg", "#8a6f5e") },
        cookie,
      );
      const { url } = ((await uploaded.json()) as { image: LibraryImage }).image;

      // The home editor's save, every key as the form sends it, the About image changed.
      const saved = await server().fetch("/admin/edit/home", {
        method: "POST",
        cookie,
        body: editorSave(PAGE_EDITORS.home, { "about.image_url": url }),
      });
      expect(saved.status).toBe(200);

      const html = await (await server().fetch("/")).text();
      const avifSrcset = html.match(
        new RegExp(`<source type="image/avif" srcSet="([^"]*${url.replace(/[.]/g, "\\.")}[^"]*)"`),
      );
      expect(avifSrcset, "the about image offers AVIF variants of the upload").not.toBeNull();
      const first = avifSrcset![1].split(",")[0].trim().split(" ")[0];
      expect(first).toMatch(/^\/_img\/\d+\/avif\/media\//);
      const avif = await server().fetch(first);
      expect(avif.status).toBe(200);
      expect(avif.headers.get("content-type")).toBe("image/avif");
      const webp = await server().fetch(first.replace("/avif/", "/webp/"));
      expect(webp.status).toBe(200);
      expect(webp.headers.get("content-type")).toBe("image/webp");
    });
  });

  describe("drafts and preview links", () => {
    const services = PAGE_EDITORS.services;
    /** The editor's post, its answer read to the end (the change is announced when it is sent). */
    const post = async (cookie: string, values: Record<string, string>, intent: string) => {
      const answer = await server().fetch("/admin/edit/services", {
        method: "POST",
        cookie,
        body: editorSave(services, values, intent),
      });
      await answer.arrayBuffer();
      return answer;
    };
    const previewOf = async (cookie: string) => {
      const html = await (await server().fetch("/admin/edit/services", { cookie })).text();
      expect(html).toContain("Draft — not published");
      return /href="(\/services\?preview=[^"]+)"/.exec(html)![1];
    };

    it("a draft never reaches visitors, cached or not; its preview link shows it to anyone holding it, unindexed and uncached; Publish makes it live and ends the link", async () => {
      const { cookie } = await server().signIn("editor");
      await (await server().fetch("/services")).arrayBuffer();
      const published = text(find(await (await untilKept(() => server().fetch("/services"))).text(), "main"));

      expect((await post(cookie, { cta_title: "A draft headline" }, "save")).status).toBe(200);
      const uncached = await server().fetch("/services");
      expect(uncached.headers.get("x-cache")).toBe("MISS");
      expect(text(find(await uncached.text(), "main"))).toBe(published);
      const cached = await untilKept(() => server().fetch("/services"));
      expect(text(find(await cached.text(), "main"))).toBe(published);

      const previewPath = await previewOf(cookie);
      const preview = await server().fetch(previewPath); // no session: the signed link is enough
      expect(preview.status).toBe(200);
      expect(preview.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(preview.headers.get("cache-control")).toBe("private, no-store");
      expect(preview.headers.get("x-cache")).toBeNull();
      expect(text(find(await preview.text(), "main"))).toContain("A draft headline");
      const stillCached = await server().fetch("/services");
      expect(stillCached.headers.get("x-cache")).toBe("HIT");
      expect(text(find(await stillCached.text(), "main"))).toBe(published);

      expect((await post(cookie, { cta_title: "A draft headline" }, "publish")).status).toBe(200);
      const live = await server().fetch("/services");
      expect(live.headers.get("x-cache")).toBe("MISS");
      expect(await live.text()).toContain("A draft headline");
      const ended = await server().fetch(previewPath);
      expect(ended.status).toBe(410);
      expect(await ended.text()).toContain("This draft has been published or discarded.");
    });

    it("the hero slides' and the suites gallery's drafts never reach visitors, cached or not; their previews show them; Publish makes them live", async () => {
      const { cookie } = await server().signIn("editor");
      const send = async (to: string, body: URLSearchParams) => {
        const answer = await server().fetch(to, { method: "POST", cookie, body, redirect: "manual" });
        await answer.arrayBuffer();
        expect(answer.status, to).toBeLessThan(400);
      };
      const mainOf = async (answer: Response) => text(find(await answer.text(), "main"));
      for (const page of ["/", "/suites"]) await (await server().fetch(page)).arrayBuffer();
      const publishedHome = await mainOf(await untilKept(() => server().fetch("/")));
      const publishedSuites = await untilKept(() => server().fetch("/suites"));
      const suitesHtml = await publishedSuites.text();

      // A slide renamed with Save draft; the gallery's first photo described anew with Save draft.
      const row = await server()
        .db.selectFrom("hero_slides")
        .selectAll()
        .where("is_active", "=", 1)
        .orderBy("display_order")
        .executeTakeFirstOrThrow();
      const slide = toHeroSlide(row);
      const renamed = { ...valuesFromSlide(slide), title: "A drafted slide title", intent: "save" };
      await send(`/admin/hero-slides/edit/${slide.id}`, form(renamed));
      await send(
        "/admin/edit/suites",
        editorSave(PAGE_EDITORS.suites, { gallery_alt1: "A drafted gallery photo" }, "save"),
      );

      for (const [page, published] of [
        ["/", publishedHome],
        ["/suites", await mainOf(new Response(suitesHtml))],
      ] as const) {
        expect(await mainOf(await server().fetch(page)), page).toBe(published);
        expect(await mainOf(await untilKept(() => server().fetch(page))), page).toBe(published);
      }
      const slidesScreen = await (await server().fetch("/admin/hero-slides", { cookie })).text();
      expect(slidesScreen).toContain("Draft — not published");
      const slidesPreview = /href="(\/\?preview=hero-slides\.[^"]+)"/.exec(slidesScreen)![1];
      const suitesScreen = await (await server().fetch("/admin/edit/suites", { cookie })).text();
      const galleryPreview = /href="(\/suites\?preview=[^"]+)"/.exec(suitesScreen)![1];
      const previewedHome = await server().fetch(slidesPreview.replaceAll("&amp;", "&"));
      expect(previewedHome.headers.get("cache-control")).toBe("private, no-store");
      expect(await previewedHome.text()).toContain("A drafted slide title");
      expect(await (await server().fetch(galleryPreview.replaceAll("&amp;", "&"))).text()).toContain(
        "A drafted gallery photo",
      );
      expect((await server().fetch("/")).headers.get("x-cache")).toBe("HIT");

      await send("/admin/hero-slides", form({ intent: "publish-draft" }));
      await send("/admin/edit/suites", form({ intent: "publish-draft" }));
      expect(await (await server().fetch("/")).text()).toContain("A drafted slide title");
      expect(await (await server().fetch("/suites")).text()).toContain("A drafted gallery photo");
      expect((await server().fetch(slidesPreview.replaceAll("&amp;", "&"))).status).toBe(410);

      // Back as it was, for the tests after this one.
      await send(`/admin/hero-slides/edit/${slide.id}`, form({ ...valuesFromSlide(slide), intent: "publish" }));
      await send("/admin/edit/suites", editorSave(PAGE_EDITORS.suites, {}, "publish"));
    });

    it("a tampered, forged or expired preview link is refused and shows nothing of the draft", async () => {
      const { cookie } = await server().signIn("editor");
      await post(cookie, { cta_title: "Secret plans" }, "save");
      const previewPath = await previewOf(cookie);
      const token = previewPath.slice("/services?preview=".length);
      const draft = (await getDraft(server().db, "services"))!;
      const secret = fs.readFileSync(path.join(server().database.dataDir, "session-secret"), "utf8").trim();
      const expired = previewToken(secret, "services", draft.key, Date.now() - 2 * 60 * 60 * 1000);
      const flipped = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
      for (const [link, status, says] of [
        [`/services?preview=${flipped}`, 403, "This preview link is not valid."],
        [`/services?preview=${previewToken("another-secret-entirely", "services", draft.key)}`, 403, "not valid"],
        [`/services?preview=${expired}`, 410, "This preview link has expired."],
        ["/services?preview=", 403, "not valid"],
      ] as const) {
        const answer = await server().fetch(link);
        expect(answer.status, link).toBe(status);
        expect(answer.headers.get("cache-control"), link).toBe("private, no-store");
        const body = await answer.text();
        expect(body, link).toContain(says);
        expect(body, link).not.toContain("Secret plans");
      }
      expect((await post(cookie, {}, "discard")).status).toBe(200);
    });
  });

  describe("search and sharing", () => {
    it("a page's own search title, description and social image, once published, are what its head says", async () => {
      const { cookie } = await server().signIn("editor");
      const head = async () => find(await (await server().fetch("/suites")).text(), "head").inner;

      const published = await server().fetch("/admin/edit/suites", {
        method: "POST",
        cookie,
        body: editorSave(PAGE_EDITORS.suites, {
          seo_title: "Rent a private salon suite in Houston",
          seo_description: "Private suites with your own key, from $250 a week.",
          seo_image: "/images/suites/suite-1.jpg",
        }),
      });
      expect(published.status).toBe(200);
      const tags = await head();
      expect(tags).toContain("<title>Rent a private salon suite in Houston</title>");
      expect(tags).toContain(
        '<meta name="description" content="Private suites with your own key, from $250 a week."/>',
      );
      expect(tags).toContain('<meta property="og:title" content="Rent a private salon suite in Houston"/>');
      expect(tags).toMatch(/<meta property="og:image" content="http[^"]+\/images\/suites\/suite-1\.jpg"\/>/);
      expect(tags).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    });
  });
});
