import { describe, expect, it } from "vitest";
import { isSafeLink, parseHeroSlideForm, valuesFromSlide } from "./hero-slide-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries({
    ...valuesFromSlide(),
    title: "Hello",
    imageUrl: "/images/a.jpg",
    imageAlt: "A",
    ...fields,
  })) {
    if (v !== "") data.set(k, v);
  }
  return data;
};

describe("parseHeroSlideForm", () => {
  it("reads every field, trims, and keeps only buttons with a label", () => {
    const result = parseHeroSlideForm(
      form({
        title: "  Welcome ",
        highlight: "to Aurelia",
        button1Label: "BOOK",
        button1Action: "scroll-appointment",
        button2Label: "",
        button2Action: "url",
      }),
    );
    expect(result.success && result.data).toEqual({
      title: "Welcome",
      highlight: "to Aurelia",
      tag: "",
      subtitle: "",
      description: "",
      imageUrl: "/images/a.jpg",
      imageAlt: "A",
      isActive: true,
      buttons: [{ label: "BOOK", primary: true, action: "scroll-appointment" }],
    });
  });

  it("a missing checkbox is off", () => {
    const data = form({ button1Label: "Go" });
    data.delete("isActive");
    data.delete("button1Primary");
    const result = parseHeroSlideForm(data);
    expect(result.success && [result.data.isActive, result.data.buttons[0].primary]).toEqual([false, false]);
  });

  it("names each wrong field and keeps what was typed", () => {
    const result = parseHeroSlideForm(
      form({
        title: " ",
        imageUrl: "javascript:alert(1)",
        imageAlt: "",
        button1Label: "Open",
        button1Action: "url",
        button1Url: "javascript:alert(1)",
        button2Label: "",
        button2Action: "url",
        button2Url: "/suites",
      }),
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(Object.keys(result.fieldErrors).sort()).toEqual([
      "button1Url",
      "button2Label",
      "imageAlt",
      "imageUrl",
      "title",
    ]);
    expect(result.fieldErrors.title).toEqual(["Enter a title"]);
    expect(result.values.button1Url).toBe("javascript:alert(1)");
  });

  it("refuses an unknown action and a link button without a link", () => {
    const result = parseHeroSlideForm(
      form({ button1Label: "A", button1Action: "explode", button2Label: "B", button2Action: "url" }),
    );
    expect(!result.success && result.fieldErrors).toMatchObject({
      button1Action: ["Choose what the button does"],
      button2Url: ["Enter the link the button opens"],
    });
  });
});

describe("isSafeLink", () => {
  it.each(["/suites", "/#about", "#appointment-section", "https://example.com/x", "mailto:a@b.c", "tel:+17135550142"])(
    "accepts %s",
    (v) => expect(isSafeLink(v)).toBe(true),
  );
  it.each(["javascript:alert(1)", "//evil.example", "/\\evil.example", "data:text/html,x", "https://", "ftp://x.y"])(
    "refuses %s",
    (v) => expect(isSafeLink(v)).toBe(false),
  );
});
