/**
 * What the server answers when a saved value cannot be shown (a corrupt stored value, an image
 * deleted from the media library): the public page stays up with the default and the editor says
 * why. Also the media library's own photographs, the refusal to delete an image in use, and the
 * home editor's way to the hero slides.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_HERO_SLIDES } from "~/content/hero-slides";
import { DELETED_IMAGE_NOTICE, UNREADABLE_VALUE_NOTICE } from "~/lib/content-issues";
import { MEDIA_PAGE_SIZE, type LibraryImage, type LibraryPage } from "~/lib/media";
import { nowIso } from "~/server/db/database.server";
import { SITE_PHOTOS } from "~/server/media/site-photos";
import { contentRow } from "../../support/content-rows";
import { find, findAll, links, text } from "../../support/html-fragments";
import { makeImage } from "../../support/fixtures";
import { testDialect } from "../../support/test-db";
import { useTestServer } from "../../support/test-server";

/** The whole numbers from `from` to `to`. */
const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

const GONE_CONTENT_IMAGE = "/media/2026/05/gone-room-0a1b2c3d4e.jpg";
const GONE_SLIDE_IMAGE = "/media/2026/05/gone-slide-0a1b2c3d4e.jpg";
const SLIDE_TITLE = "A slide whose image was deleted";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe(`values that cannot be shown, and the media library's own photographs (${testDialect})`, () => {
  const server = useTestServer({
    // Written before the server starts, as a bad import or an old bug would have left them.
    prepare: async (db) => {
      const at = nowIso();
      await db
        .insertInto("site_content")
        .values([
          contentRow("service-hair", "booking", "service_options", '["Balayage only", ', "json", at),
          contentRow("about", "welcome", "welcome_image", GONE_CONTENT_IMAGE, "image", at),
        ])
        .execute();
      await db
        .insertInto("hero_slides")
        .values({
          title: SLIDE_TITLE,
          subtitle: "",
          image_url: GONE_SLIDE_IMAGE,
          image_alt: "A room that is no longer in the library",
          is_active: 1,
          display_order: 99,
          tag: "",
          highlight: "",
          description: "",
          buttons: "[]",
          created_at: at,
          updated_at: at,
        })
        .execute();
    },
  });

  const issuesOf = (html: string) => text(find(html, "section", { "data-testid": "content-issues" }));

  it("a corrupt saved value: the public pages answer 200 with the default, the editor shows a warning", async () => {
    for (const path of ["/services/hair", "/book/hair"]) {
      const response = await server().fetch(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      // The default menu, not the unreadable one.
      expect(html, path).toContain("Silk Press");
      expect(html, path).toContain("Balayage");
      expect(html, path).not.toContain("Balayage only");
    }

    const editor = await server().fetch("/admin/edit/service/hair", { as: "editor" });
    expect(editor.status).toBe(200);
    expect(issuesOf(await editor.text())).toContain(`Booking › Service Options: ${UNREADABLE_VALUE_NOTICE}`);
    // Another service's editor has nothing to say.
    expect(await (await server().fetch("/admin/edit/service/nails", { as: "editor" })).text()).not.toContain(
      'data-testid="content-issues"',
    );
  });

  it("an image deleted from the media library: the default image on the page, a note in the editor", async () => {
    const about = await (await server().fetch("/about")).text();
    expect(about).not.toContain("gone-room");
    expect(about).toContain("/images/about-welcome.jpg");
    expect(issuesOf(await (await server().fetch("/admin/edit/about", { as: "editor" })).text())).toContain(
      `Welcome › Welcome Image: ${DELETED_IMAGE_NOTICE}`,
    );

    // The slide shows the default slide image (and its alt text) on the home page …
    const home = await (await server().fetch("/")).text();
    expect(home).not.toContain("gone-slide");
    const slide = findAll(home, "div", { "data-carousel-slide": true }).find((s) => text(s).includes(SLIDE_TITLE));
    expect(slide).toBeDefined();
    expect(find(slide!.outer, "img").attrs).toMatchObject({
      src: expect.stringContaining(DEFAULT_HERO_SLIDES[0].image_url),
      alt: DEFAULT_HERO_SLIDES[0].image_alt,
    });

    // … and the slide screens say so; the form offers the default image to save.
    const { cookie } = await server().signIn("editor");
    const list = await (await server().fetch("/admin/hero-slides", { cookie })).text();
    expect(list).not.toContain("gone-slide");
    const card = findAll(list, "li", { "data-testid": "slide-card" }).find((c) => text(c).includes(SLIDE_TITLE));
    expect(card && text(card)).toContain(DELETED_IMAGE_NOTICE);
    const { id } = await server()
      .db.selectFrom("hero_slides")
      .select("id")
      .where("title", "=", SLIDE_TITLE)
      .executeTakeFirstOrThrow();
    const editor = await (await server().fetch(`/admin/hero-slides/edit/${id}`, { cookie })).text();
    expect(text(find(editor, "p", { "data-testid": "slide-image-deleted" }))).toBe(DELETED_IMAGE_NOTICE);
    expect(find(editor, "input", { name: "imageUrl" }).attrs.value).toBe(DEFAULT_HERO_SLIDES[0].image_url);
  });

  it("the library lists the site's own photographs, for the screen and for the editors' picker", async () => {
    const { cookie } = await server().signIn("editor");
    // More photographs than a page holds: the picker and the screen page through them.
    const pageOf = async (page: number) =>
      (await (await server().fetch(`/admin/media/upload?list=1&page=${page}`, { cookie })).json()) as LibraryPage;
    const first = await pageOf(1);
    expect(first.pageCount).toBe(Math.ceil(first.total / MEDIA_PAGE_SIZE));
    const images = [first, ...(await Promise.all(range(2, first.pageCount).map(pageOf)))].flatMap((p) => p.images);
    const photos = images.filter((i) => i.builtin);
    expect(photos.map((i) => i.url)).toEqual(SITE_PHOTOS.map((p) => `/images/${p.file}`));
    const screens = await Promise.all(
      range(1, first.pageCount).map(async (page) =>
        (await server().fetch(`/admin/media?page=${page}`, { cookie })).text(),
      ),
    );
    const cards = screens.flatMap((screen) => findAll(screen, "li", { "data-testid": "media-card" }));
    expect(cards).toHaveLength(first.total);
    expect(cards.map((c) => c.attrs["data-image-url"])).toEqual(
      expect.arrayContaining(["/images/suite-interior.jpg", "/images/hero-welcome.jpg"]),
    );
    // A photograph's preview is one of the site's image variants, and it loads.
    const preview = find(cards.find((c) => c.attrs["data-image-url"] === "/images/suite-interior.jpg")!.outer, "img");
    expect((await server().fetch(preview.attrs.src)).status).toBe(200);
  });

  it("deleting an image in use is refused with the places using it; once unused, it goes", async () => {
    const { cookie } = await server().signIn("editor");
    const remove = (id: number) =>
      server().fetch("/admin/media.data", { method: "POST", cookie, body: form({ intent: "delete", id: String(id) }) });
    const idOf = async (storageKey: string) =>
      (
        await server()
          .db.selectFrom("site_images")
          .select("id")
          .where("storage_key", "=", storageKey)
          .executeTakeFirstOrThrow()
      ).id;

    // The home page's About image is this photograph by default.
    const interior = await idOf("suite-interior.jpg");
    const refused = await remove(interior);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(
      "This image is used on: Homepage › About Section › Image. Choose another image there first.",
    );
    // An upload chosen for a slide.
    const upload = new FormData();
    upload.append(
      "file",
      new Blob([new Uint8Array(await makeImage(800, 600, "jpeg"))], { type: "image/jpeg" }),
      "x.jpg",
    );
    const { image } = (await (
      await server().fetch("/admin/media/upload", { method: "POST", cookie, body: upload })
    ).json()) as { image: LibraryImage };
    const slide = await server()
      .db.selectFrom("hero_slides")
      .select(["id"])
      .where("title", "=", SLIDE_TITLE)
      .executeTakeFirstOrThrow();
    await server().db.updateTable("hero_slides").set({ image_url: image.url }).where("id", "=", slide.id).execute();
    const position = (await server().db.selectFrom("hero_slides").select("id").execute()).length;
    const inSlide = await remove(image.id);
    expect(inSlide.status).toBe(409);
    expect(await inSlide.text()).toContain(`This image is used on: Hero slide ${position}: ${SLIDE_TITLE}.`);
    expect((await server().fetch(image.url)).status).toBe(200);

    // Nothing uses this photograph: it leaves the library, and the site keeps its file.
    const unused = await idOf("treatment-spa.jpg");
    expect((await remove(unused)).status).toBe(200);
    expect(await server().db.selectFrom("site_images").select("id").where("id", "=", unused).execute()).toEqual([]);
    expect((await server().fetch("/images/treatment-spa.jpg")).status).toBe(200);
  });

  it("the home editor shows where the hero is edited: a card linking to the hero slides", async () => {
    const html = await (await server().fetch("/admin/edit/home", { as: "editor" })).text();
    const card = find(html, "section", { "data-testid": "hero-slides-card" });
    expect(text(card)).toContain("The hero at the top of the home page is made of slides");
    expect(links(card, "Edit hero slides").map((a) => a.attrs.href)).toEqual(["/admin/hero-slides"]);
    // It comes before the home page's own fields.
    expect(card.index).toBeLessThan(html.indexOf('data-field="professionals.title"'));
  });
});
