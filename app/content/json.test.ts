import { describe, expect, it } from "vitest";
import { jsonArray, jsonStrings } from "./json";

describe("jsonArray", () => {
  it("reads an array and takes anything else as an empty list", () => {
    expect(jsonArray('[1,"a"]')).toEqual([1, "a"]);
    expect(jsonArray('{"a":1}')).toEqual([]);
    expect(jsonArray("not json")).toEqual([]);
  });
});

describe("jsonStrings", () => {
  it("keeps only the strings", () => {
    expect(jsonStrings('["hair", 3, null, "nails"]')).toEqual(["hair", "nails"]);
    expect(jsonStrings("")).toEqual([]);
  });
});
