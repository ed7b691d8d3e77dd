import { describe, expect, it } from "vitest";
import { contactDefaults } from "~/content/contact";
import { beautySalonJsonLd, jsonLdScript, seoMeta } from "./seo";

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
