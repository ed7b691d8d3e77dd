import { describe, expect, it } from "vitest";
import { contactDefaults } from "~/content/contact";
import { beautySalonJsonLd, generatedSeo, jsonLdScript, lengthHint, pageSeo, seoMeta } from "./seo";
import { defaultsFor } from "~/content";

describe("seoMeta", () => {
  it("gives title, description, canonical and Open Graph tags", () => {
    const meta = seoMeta({
      title: "About Us",
      description: "Our story",
      path: "/about",
      publicUrl: "https://aurelia.example",
      businessName: "Aurelia",
    });
    expect(meta).toContainEqual({ title: "About Us | Aurelia" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://aurelia.example/about" });
    expect(meta).toContainEqual({ property: "og:url", content: "https://aurelia.example/about" });
  });
});

describe("beautySalonJsonLd", () => {
  it("carries address, phones and the open days' hours from content", () => {
    const ld = beautySalonJsonLd(contactDefaults, "https://aurelia.example");
    expect(ld["@type"]).toBe("BeautySalon");
    expect(ld.address).toMatchObject({ addressLocality: "Houston", addressRegion: "TX", postalCode: "77098" });
    expect(ld.telephone).toBe("+17135550142");
    expect(ld.openingHoursSpecification).toHaveLength(4);
    expect(ld.openingHoursSpecification[0]).toEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: "https://schema.org/Tuesday",
      opens: "09:00",
      closes: "18:00",
    });
  });
  it("cannot break out of its script tag", () => {
    expect(jsonLdScript({ name: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });
});

describe("a page's own search title, description and social image", () => {
  const about = defaultsFor("about") as Record<string, string>;

  it("left empty (the defaults), the page's head says what it always made from the content", () => {
    const generated = generatedSeo("about", about);
    expect(generated).toEqual({ title: "About Us", description: about.welcome_paragraph1, image: about.welcome_image });
    expect(pageSeo("about", about, generated)).toEqual({ ...generated, titleAsIs: false });
    const meta = seoMeta({
      ...pageSeo("about", about, generated),
      path: "/about",
      publicUrl: "https://a.example",
      businessName: "Aurelia",
    });
    expect(meta).toContainEqual({ title: "About Us | Aurelia" });
  });

  it("set, they win, and the title is used as it is (home keys are section.key)", () => {
    const own = { ...about, seo_title: " Our story ", seo_description: "Since 2001.", seo_image: "/media/us.webp" };
    const seo = pageSeo("about", own, generatedSeo("about", own));
    expect(seo).toEqual({ title: "Our story", titleAsIs: true, description: "Since 2001.", image: "/media/us.webp" });
    const meta = seoMeta({ ...seo, path: "/about", publicUrl: "https://a.example", businessName: "Aurelia" });
    expect(meta).toContainEqual({ title: "Our story" });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(meta).toContainEqual({ property: "og:image", content: "https://a.example/media/us.webp" });

    const home = defaultsFor("home") as Record<string, string>;
    expect(pageSeo("home", { ...home, "seo.title": "Aurelia, Houston" }, generatedSeo("home", home)).title).toBe(
      "Aurelia, Houston",
    );
  });

  it("length hints: the count against about 60 (title) or 155 (description), and past it a warning", () => {
    expect(lengthHint(48, 60)).toEqual({ text: "48 of about 60 characters", over: false });
    expect(lengthHint(60, 60)).toEqual({ text: "60 of about 60 characters", over: false });
    expect(lengthHint(161, 155)).toEqual({
      text: "161 characters: search results may cut it after about 155",
      over: true,
    });
  });
});
