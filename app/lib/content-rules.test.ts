import { describe, expect, it } from "vitest";
import { contentTypeFor, mergedKeyFor, PAGE_IDS, sectionFor, storedKeyFor } from "./content-rules";

describe("sectionFor", () => {
  it("home: the section is part of the key", () => {
    expect(sectionFor("home", "professionals.title")).toBe("professionals");
    expect(sectionFor("home", "about.image_url")).toBe("about");
    expect(() => sectionFor("home", "title")).toThrow();
  });

  it.each([
    ["welcome_title", "welcome"],
    ["welcome_paragraph2", "welcome"],
    ["ceo_badge_label", "ceo"],
    ["journey_quote_attribution", "journey"],
    ["gallery_alt3", "gallery"],
    ["mission_text", "mission"],
    ["stat1_number", "mission"],
    ["stat4_label", "mission"],
    ["something_else", "main"],
  ])("about: %s → %s", (key, section) => {
    expect(sectionFor("about", key)).toBe(section);
  });

  it.each([
    ["hero_title", "hero"],
    ["hours_monday", "hours"],
    ["hours_note", "hours"],
    ["map_embed_url", "map"],
    ["social_instagram", "social"],
    ["business_name", "info"],
    ["salon_phone", "info"],
    ["email", "info"],
    ["zip", "info"],
  ])("contact: %s → %s", (key, section) => {
    expect(sectionFor("contact", key)).toBe(section);
  });

  it("services: always main", () => {
    for (const key of ["hero_title", "hero_subtitle", "cta_title", "cta_text"]) {
      expect(sectionFor("services", key)).toBe("main");
    }
  });

  it.each([
    ["hero_title", "hero"],
    ["hero_logo", "hero"],
    ["app_title", "application"],
    ["app_requirements", "application"],
    ["features_title", "features"],
    ["phone_number", "main"],
  ])("suites: %s → %s", (key, section) => {
    expect(sectionFor("suites", key)).toBe(section);
  });

  it.each([
    ["booking_title", "booking"],
    ["service_options", "booking"],
    ["hero_title", "hero"],
    ["hero_image", "hero"],
    ["phone_number", "hero"],
    ["text_button_label", "hero"],
  ])("service pages: %s → %s", (key, section) => {
    expect(sectionFor("service-hair", key)).toBe(section);
    expect(sectionFor("service-waxing", key)).toBe(section);
  });

  it("a prefix must be a whole word: 'heroic' is not the hero section", () => {
    expect(sectionFor("contact", "heroic")).toBe("info");
    expect(sectionFor("suites", "apple")).toBe("main");
  });
});

describe("contentTypeFor", () => {
  it("image when the key contains image", () => {
    expect(contentTypeFor("about", "welcome_image")).toBe("image");
    expect(contentTypeFor("about", "gallery_image3")).toBe("image");
    expect(contentTypeFor("home", "about.image_url")).toBe("image");
    expect(contentTypeFor("service-nails", "hero_image")).toBe("image");
  });
  it("logo is an image on the suites page only", () => {
    expect(contentTypeFor("suites", "hero_logo")).toBe("image");
    expect(contentTypeFor("contact", "hero_logo")).toBe("text");
  });
  it("json for service options, html for the CEO badge label, text otherwise", () => {
    expect(contentTypeFor("service-lashes", "service_options")).toBe("json");
    expect(contentTypeFor("about", "ceo_badge_label")).toBe("html");
    expect(contentTypeFor("about", "ceo_badge_number")).toBe("text");
    expect(contentTypeFor("home", "professionals.title")).toBe("text");
  });
});

describe("stored and merged keys", () => {
  it("round-trip for every page", () => {
    for (const page of PAGE_IDS) {
      const key = page === "home" ? "about.title" : "hero_title";
      const section = sectionFor(page, key);
      expect(mergedKeyFor(page, section, storedKeyFor(page, key))).toBe(key);
    }
  });
});
