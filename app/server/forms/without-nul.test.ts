import { describe, expect, it } from "vitest";
import { withoutNul } from "./submit-form.server";

describe("withoutNul", () => {
  it("drops NUL characters from strings, array items, keys and nested values", () => {
    expect(withoutNul("Ja\u0000ne")).toBe("Jane");
    expect(withoutNul({ name: "A\u0000na", "ke\u0000y": ["x\u0000", { deep: "\u0000y" }], n: 3, ok: true })).toEqual({
      name: "Ana",
      key: ["x", { deep: "y" }],
      n: 3,
      ok: true,
    });
  });

  it("returns a value without NUL as it is, not a copy", () => {
    const body = { name: "Ana", sizes: ["Small Suites"], details: { city: "Houston" } };
    expect(withoutNul(body)).toBe(body);
  });

  it("leaves other objects alone", () => {
    const date = new Date(0);
    expect(withoutNul(date)).toBe(date);
    expect(withoutNul(null)).toBeNull();
  });
});
