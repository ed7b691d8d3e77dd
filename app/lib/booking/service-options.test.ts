import { describe, expect, it } from "vitest";
import { parseServiceOptions } from "~/content/service-pages";
import {
  encodeServiceOptions,
  parseServiceOptionList,
  requestOptionNames,
  serviceOptionListSchema,
} from "./service-options";

const DEFAULTS = { durationMinutes: 60, price: "$45" };
// Made in each test, so that the test runs the code that makes it.
const schema = () => serviceOptionListSchema(DEFAULTS, { nameMax: 100, count: 50 });
const messages = (rows: unknown) => {
  const parsed = schema().safeParse(rows);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe("service options with lengths and prices", () => {
  it("reads both stored forms: plain names take the service's defaults", () => {
    const stored = JSON.stringify(["Gel Manicure", { name: "Pedicure", durationMinutes: 75, price: "$60" }]);
    expect(parseServiceOptionList(stored, DEFAULTS)).toEqual([
      { name: "Gel Manicure", durationMinutes: 60, price: "$45" },
      { name: "Pedicure", durationMinutes: 75, price: "$60" },
    ]);
    // The public booking forms list the names of either form, as before.
    expect(parseServiceOptions(stored)).toEqual(["Gel Manicure", "Pedicure"]);
    expect(parseServiceOptions("{broken")).toEqual([]);
    expect(parseServiceOptions(JSON.stringify([{ durationMinutes: 5 }, 7, "Nail Art"]))).toEqual(["Nail Art"]);
    // The booking request forms list the names of either form too.
    expect(requestOptionNames(stored)).toEqual(["Gel Manicure", "Pedicure"]);
  });

  it("reads unreadable stored lists as none, and leaves out entries without a name", () => {
    for (const value of ["{broken", '"Gel Manicure"', '{"name":"Gel"}'])
      expect(parseServiceOptionList(value, DEFAULTS), value).toEqual([]);
    const entries = [null, 7, ["Gel"], " ", { name: 5 }, { name: "  " }, { durationMinutes: 30 }, "Nail Art"];
    expect(parseServiceOptionList(JSON.stringify(entries), DEFAULTS)).toEqual([{ name: "Nail Art", ...DEFAULTS }]);
  });

  it("a stored length that is not whole minutes from 5 to 720, or a price that is not text, reads as the default", () => {
    const stored = JSON.stringify([
      { name: "Short", durationMinutes: 5, price: 45 },
      { name: "Half", durationMinutes: 45.5 },
      { name: "Text", durationMinutes: "60" },
      { name: "Long", durationMinutes: 721 },
    ]);
    expect(parseServiceOptionList(stored, DEFAULTS)).toEqual([
      { name: "Short", durationMinutes: 5, price: "$45" },
      { name: "Half", ...DEFAULTS },
      { name: "Text", ...DEFAULTS },
      { name: "Long", ...DEFAULTS },
    ]);
  });

  it("checks the rows the editor posts: trimmed names, whole minutes, short prices", () => {
    const parsed = schema().parse([
      { name: "  Gel   Manicure ", durationMinutes: "45", price: " $50 " },
      { name: "Nail Art", durationMinutes: "720", price: "" },
    ]);
    expect(parsed).toEqual([
      { name: "Gel Manicure", durationMinutes: 45, price: "$50" },
      { name: "Nail Art", durationMinutes: 720, price: "" },
    ]);
    // A form that does not edit lengths and prices keeps the defaults.
    expect(schema().parse([{ name: "Polish Change" }])).toEqual([{ name: "Polish Change", ...DEFAULTS }]);
    // The limits themselves are allowed (a 100-character name, 5 minutes, a 40-character price, 50
    // options); runs of spaces in a price become one.
    const longest = [
      { name: "x".repeat(100), durationMinutes: " 5 ", price: "+".repeat(40) },
      { name: "Gel", price: " $50   and\tup " },
    ];
    expect(schema().parse(longest)).toEqual([
      { name: "x".repeat(100), durationMinutes: 5, price: "+".repeat(40) },
      { name: "Gel", durationMinutes: 60, price: "$50 and up" },
    ]);
    expect(schema().parse(Array.from({ length: 50 }, (_, i) => ({ name: `Option ${i}` })))).toHaveLength(50);
  });

  it.each([
    [[{ name: " ", durationMinutes: "30" }], "Option 1 needs a name"],
    [[{ name: "Gel" }, { name: "gel " }], "“gel” is listed twice: option names must be unique"],
    [[{ name: "Gel", durationMinutes: "4" }], "“Gel”: give the length as whole minutes from 5 to 720"],
    [[{ name: "Gel", durationMinutes: "721" }], "whole minutes from 5 to 720"],
    [[{ name: "Gel", durationMinutes: "45.5" }], "whole minutes from 5 to 720"],
    [[{ name: "Gel", durationMinutes: "" }], "whole minutes from 5 to 720"],
    [[{ name: "Gel", durationMinutes: "a45" }], "whole minutes from 5 to 720"],
    [[{ name: "Gel", durationMinutes: "45a" }], "whole minutes from 5 to 720"],
    [[{ name: "Gel", durationMinutes: "+45" }], "whole minutes from 5 to 720"],
    [[{ name: "Gel", durationMinutes: "5e1" }], "whole minutes from 5 to 720"],
    [[{ name: "Gel" }, { name: "", durationMinutes: "4" }], "Option 2: give the length as whole minutes from 5 to 720"],
    [[{ name: "Gel", price: "$".repeat(41) }], "“Gel”: keep the price to 40 characters or fewer"],
    [[{ name: "x".repeat(101) }], "keep each option under 101 characters"],
    [Array.from({ length: 51 }, (_, i) => ({ name: `Option ${i}` })), "Keep the list to 50 options or fewer"],
  ])("refuses %j", (rows, message) => {
    expect(messages(rows).join(" ")).toContain(message);
  });

  it("refuses a form without the option list, in plain words", () => {
    expect(messages(undefined)).toEqual(["The option list is missing from the form"]);
  });

  it("stores objects, or plain names when every length and price is the default", () => {
    const list = [{ name: "Gel", ...DEFAULTS }];
    expect(encodeServiceOptions(list, DEFAULTS)).toBe('["Gel"]');
    expect(encodeServiceOptions([...list, { name: "Art", durationMinutes: 30, price: "$45" }], DEFAULTS)).toBe(
      '[{"name":"Gel","durationMinutes":60,"price":"$45"},{"name":"Art","durationMinutes":30,"price":"$45"}]',
    );
    // Another price alone is kept too.
    expect(encodeServiceOptions([{ name: "Gel", durationMinutes: 60, price: "$50" }], DEFAULTS)).toBe(
      '[{"name":"Gel","durationMinutes":60,"price":"$50"}]',
    );
  });
});

describe("an option's processing time", () => {
  it("is kept when the work before it, it and the finish after it are whole minutes of at least 5", () => {
    const parsed = schema().parse([
      { name: "Colour", durationMinutes: "105", price: "$120", processingAfterMinutes: "45", processingMinutes: "30" },
      { name: "Cut", durationMinutes: "45", price: "$60", processingAfterMinutes: "", processingMinutes: " " },
    ]);
    expect(parsed).toEqual([
      { name: "Colour", durationMinutes: 105, price: "$120", processing: { afterMinutes: 45, minutes: 30 } },
      { name: "Cut", durationMinutes: 45, price: "$60" },
    ]);
    // Stored and read back the same.
    expect(parseServiceOptionList(encodeServiceOptions(parsed, DEFAULTS), DEFAULTS)).toEqual(parsed);
  });

  it("is refused when it leaves no finish, is half given or is not whole minutes", () => {
    const message =
      "“Colour”: give the work before processing and the processing as whole minutes, each at least 5, leaving at least 5 minutes to finish within the length";
    for (const [after, processing] of [
      ["45", "60"],
      ["45", ""],
      ["", "30"],
      ["4", "30"],
      ["45", "2.5"],
    ])
      expect(
        messages([
          { name: "Colour", durationMinutes: "105", processingAfterMinutes: after, processingMinutes: processing },
        ]),
        `${after}/${processing}`,
      ).toEqual([message]);
  });

  it("is left out on reading when the stored one does not fit the option", () => {
    const stored = JSON.stringify([
      { name: "Colour", durationMinutes: 60, price: "", processing: { afterMinutes: 45, minutes: 30 } },
      { name: "Toner", durationMinutes: 40, price: "", processing: { afterMinutes: 10, minutes: 20 } },
    ]);
    expect(parseServiceOptionList(stored, DEFAULTS)).toEqual([
      { name: "Colour", durationMinutes: 60, price: "" },
      { name: "Toner", durationMinutes: 40, price: "", processing: { afterMinutes: 10, minutes: 20 } },
    ]);
  });
});
