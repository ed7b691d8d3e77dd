import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldRules, formRules, schemaMaxLength, schemaRequires } from "./field-rules";

describe("a field's limit read from its schema", () => {
  it.each([
    ["nullable", z.string().max(5).nullable()],
    ["default", z.string().max(5).default("")],
    ["prefault", z.string().max(5).prefault("")],
    ["nonoptional", z.string().max(5).optional().nonoptional()],
    ["readonly", z.string().max(5).readonly()],
    ["catch", z.string().max(5).catch("")],
  ])("looks through %s", (_, schema) => {
    expect(schemaMaxLength(schema)).toBe(5);
  });

  it("takes the smaller limit of a pipe's two sides, whichever side it is on", () => {
    expect(schemaMaxLength(z.string().max(10).pipe(z.string().max(5)))).toBe(5);
    expect(schemaMaxLength(z.string().max(5).pipe(z.string().max(10)))).toBe(5);
    expect(schemaMaxLength(z.string().max(7).pipe(z.string()))).toBe(7);
    expect(schemaMaxLength(z.string().pipe(z.string().max(7)))).toBe(7);
    expect(schemaMaxLength(z.string().pipe(z.string()))).toBeUndefined();
  });

  it("gives no limit for an endless one or a schema that is not text", () => {
    expect(schemaMaxLength(z.string().max(Infinity))).toBeUndefined();
    expect(schemaMaxLength(z.number().max(5))).toBeUndefined();
  });
});

describe("a field's required mark read from its schema", () => {
  it("is set only when both an empty answer and a missing field are refused", () => {
    expect(schemaRequires(z.string().min(1))).toBe(true);
    // Refuses "", takes a missing field: not required.
    expect(schemaRequires(z.string().min(1).optional())).toBe(false);
    // Takes "", refuses a missing field: not required either (an empty input sends "").
    expect(schemaRequires(z.string())).toBe(false);
  });

  it("goes with the limit into the field's rules; every field's rules are frozen", () => {
    expect(fieldRules(z.string().trim().min(1).max(30))).toEqual({ maxLength: 30, required: true });
    expect(fieldRules(z.string().optional())).toEqual({ maxLength: undefined, required: false });
    const rules = formRules(z.object({ name: z.string().max(3), note: z.string().optional() }));
    expect(rules).toEqual({ name: { maxLength: 3, required: false }, note: { maxLength: undefined, required: false } });
    expect(Object.isFrozen(rules)).toBe(true);
    expect(Object.isFrozen(rules.name)).toBe(true);
  });
});
