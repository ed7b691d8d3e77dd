import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { brokenCharacterMessage, cleanText, hasLoneSurrogate } from "./clean-text";
import { messageField, requiredText } from "./fields";

describe("cleanText", () => {
  it.each([
    ["A\u0000da", "Ada"],
    ["Ada\u0007\u001B\u007F\u0085", "Ada"],
    // A right-to-left override would show "photo‮gpj.exe" as "photoexe.jpg".
    ["photo\u202Egpj.exe", "photogpj.exe"],
    ["\u2066Ada\u2069 \u202ALovelace\u202C", "Ada Lovelace"],
    ["Jane\r\nDoe\tSmith", "Jane Doe Smith"],
    // Composed (NFC): "e" and a combining acute accent become "é".
    ["Rene\u0301e", "Renée"],
    ["Ada\uD83D", "Ada\uFFFD"],
    ["\uDE00Ada", "\uFFFDAda"],
  ])("cleans %j to %j", (text, clean) => {
    expect(cleanText(text)).toBe(clean);
  });

  it.each(["Ada Lovelace", "Zoë Ñúñez", "שלום", "مرحبا\u200F", "👩‍👩‍👧 💅🏽", "李小龍", "O'Brien-Smith"])(
    "keeps real text as it is: %s",
    (text) => {
      expect(cleanText(text)).toBe(text);
    },
  );

  it("keeps tabs and line breaks in multi-line text only", () => {
    expect(cleanText("Line one\r\n\tline two\u0000", { multiline: true })).toBe("Line one\r\n\tline two");
    expect(cleanText("Line one\r\n\tline two")).toBe("Line one line two");
  });

  it("finds half of a character, not a whole one", () => {
    expect(hasLoneSurrogate("Ada\uD83D")).toBe(true);
    expect(hasLoneSurrogate("\uDE00")).toBe(true);
    expect(hasLoneSurrogate("\uDE00\uD83D")).toBe(true);
    expect(hasLoneSurrogate("Ada 💅🏽")).toBe(false);
  });

  // Any UTF-16 code unit, with the troublesome ones (halves, controls, overrides, combining marks) often.
  const unit = fc.oneof(
    fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    fc.constantFrom("\u0000", "\u202E", "\u2066", "\uD83D", "\uDE00", "\n", "\r", "\t", "\u2028", "e", "\u0301", "💅"),
  );
  const anyText = fc.string({ unit, maxLength: 40 });
  const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

  it.each([false, true])(
    "never leaves a control, a bidi override or half a character, is NFC and cleans once for all (multiline %s)",
    (multiline) => {
      fc.assert(
        fc.property(anyText, (text) => {
          const clean = cleanText(text, { multiline });
          expect(clean).not.toMatch(FORBIDDEN);
          if (!multiline) expect(clean).not.toMatch(/[\t\n\r\u2028\u2029]/);
          expect(hasLoneSurrogate(clean)).toBe(false);
          expect(clean.normalize("NFC")).toBe(clean);
          expect(cleanText(clean, { multiline })).toBe(clean);
        }),
        { numRuns: 1000 },
      );
    },
  );
});

describe("text fields clean what they keep", () => {
  const firstName = requiredText("First name", 100);
  const message = messageField();

  it("drops NUL, controls and overrides before the field's own rules", () => {
    expect(firstName.parse("  A\u0000da\u202E ")).toBe("Ada");
    expect(message.parse("Hello\u0000\r\nFriday?\u2069")).toBe("Hello\r\nFriday?");
    // Nothing left but what was dropped: as empty as it looks.
    expect(firstName.safeParse("\u0000\u202E").error?.issues.map((i) => i.message)).toEqual(["First name is required"]);
    expect(message.parse("\u0000")).toBeUndefined();
  });

  it("refuses half of a character with a message that says so", () => {
    expect(brokenCharacterMessage("First name")).toBe("First name has a broken character in it. Please type it again.");
    expect(firstName.safeParse("Ada\uD83D").error?.issues.map((i) => i.message)).toEqual([
      "First name has a broken character in it. Please type it again.",
    ]);
    expect(message.safeParse("\uDE00").error?.issues.map((i) => i.message)).toEqual([
      "Message has a broken character in it. Please type it again.",
    ]);
  });
});
