import { describe, expect, it } from "vitest";
import { parseServiceOptions } from "~/content/service-pages";
import { encodeServiceOptions, parseServiceOptionList, serviceOptionListSchema } from "./service-options";

const DEFAULTS = { durationMinutes: 60, price: "$45" };
const schema = serviceOptionListSchema(DEFAULTS, { nameMax: 100, count: 50 });
const messages = (rows: unknown) => {
  const parsed = schema.safeParse(rows);
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
  });

  it("checks the rows the editor posts: trimmed names, whole minutes, short prices", () => {
    const parsed = schema.parse([
      { name: "  Gel   Manicure ", durationMinutes: "45", price: " $50 " },
      { name: "Nail Art", durationMinutes: "720", price: "" },
    ]);
    expect(parsed).toEqual([
      { name: "Gel Manicure", durationMinutes: 45, price: "$50" },
      { name: "Nail Art", durationMinutes: 720, price: "" },
    ]);
    // A form that does not edit lengths and prices keeps the defaults.
    expect(schema.parse([{ name: "Polish Change" }])).toEqual([{ name: "Polish Change", ...DEFAULTS }]);
  });

  it.each([
    [[{ name: " ", durationMinutes: "30" }], "Option 1 needs a name"],
    [[{ name: "Gel" }, { name: "gel " }], "“gel” is listed twice: option names must be unique"],
    [[{ name: "Gel", durationMinutes: "4" }], "“Gel”: give the length as whole minutes from 5 to 720"],
    [[{ name: "Gel", durationMinutes: "721" }], "whole minutes from 5 to 720"],
    [[{ name: "Gel", durationMinutes: "45.5" }], "whole minutes from 5 to 720"],
    [[{ name: "Gel", durationMinutes: "" }], "whole minutes from 5 to 720"],
    [[{ name: "Gel", price: "$".repeat(41) }], "“Gel”: keep the price to 40 characters or fewer"],
    [[{ name: "x".repeat(101) }], "keep each option under 101 characters"],
    [Array.from({ length: 51 }, (_, i) => ({ name: `Option ${i}` })), "Keep the list to 50 options or fewer"],
  ])("refuses %j", (rows, message) => {
    expect(messages(rows).join(" ")).toContain(message);
  });

  it("stores objects, or plain names when every length and price is the default", () => {
    const list = [{ name: "Gel", ...DEFAULTS }];
    expect(encodeServiceOptions(list, DEFAULTS)).toBe('["Gel"]');
    expect(encodeServiceOptions([...list, { name: "Art", durationMinutes: 30, price: "$45" }], DEFAULTS)).toBe(
      '[{"name":"Gel","durationMinutes":60,"price":"$45"},{"name":"Art","durationMinutes":30,"price":"$45"}]',
    );
  });
});
