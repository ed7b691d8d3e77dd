import { describe, expect, it } from "vitest";
import { PAGE_EDITORS } from "./index";
import { changedFields, isLongChange, textDiff } from "./history";

describe("changedFields", () => {
  it("lists the fields whose value differs, labelled and in the editor's order", () => {
    const def = PAGE_EDITORS.contact;
    const changes = changedFields(
      def,
      { city: "Houston", hero_title: "Contact Us", hours_monday: "9:00 AM - 7:00 PM" },
      { city: "Austin", hero_title: "Say hello", hours_monday: "9:00 AM - 7:00 PM", not_a_field: "x" },
    );
    expect(changes).toEqual([
      { key: "hero_title", label: "Title", from: "Contact Us", to: "Say hello" },
      { key: "city", label: "City", from: "Houston", to: "Austin" },
    ]);
  });

  it("a field missing on one side counts as empty", () => {
    expect(changedFields(PAGE_EDITORS.contact, {}, { city: "" })).toEqual([]);
    expect(changedFields(PAGE_EDITORS.contact, {}, { city: "Austin" })).toMatchObject([{ from: "", to: "Austin" }]);
  });
});

describe("textDiff", () => {
  it("keeps the shared words and marks what was removed and added", () => {
    expect(textDiff("Book your facial today", "Book your massage today")).toEqual([
      { text: "Book your ", kind: "same" },
      { text: "facial", kind: "removed" },
      { text: "massage", kind: "added" },
      { text: " today", kind: "same" },
    ]);
  });

  it("the old text is the kept and removed parts, the new text the kept and added ones", () => {
    const from = "We opened in 2001.\nFifteen years of colour.";
    const to = "We opened in 2001.\nTwenty-five years of colour and care.";
    const parts = textDiff(from, to);
    expect(
      parts
        .filter((p) => p.kind !== "added")
        .map((p) => p.text)
        .join(""),
    ).toBe(from);
    expect(
      parts
        .filter((p) => p.kind !== "removed")
        .map((p) => p.text)
        .join(""),
    ).toBe(to);
  });
});

describe("isLongChange", () => {
  const change = (from: string, to: string) => ({ key: "k", label: "K", from, to });
  it("paragraph fields and long values get a word diff; short lines old → new", () => {
    expect(isLongChange({ kind: "textarea" }, change("a", "b"))).toBe(true);
    expect(isLongChange({ kind: "text" }, change("a", "b"))).toBe(false);
    expect(isLongChange({ kind: "text" }, change("a", "b".repeat(81)))).toBe(true);
    expect(isLongChange({ kind: "text" }, change("a".repeat(80), "b"))).toBe(false);
  });
});
