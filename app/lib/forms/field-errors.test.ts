import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrorsOf } from "./field-errors";

describe("fieldErrorsOf", () => {
  const schema = z
    .object({
      name: z.string().min(1, "Enter a name"),
      details: z.object({ zipCode: z.string().regex(/^\d{5}$/, "Enter a 5-digit zip code") }),
    })
    .superRefine((value, ctx) => {
      if (value.name === "x") ctx.addIssue({ code: "custom", path: ["name"], message: "Not x" });
    });

  it("keys each message by its field, nested fields joined with dots", () => {
    const error = schema.safeParse({ name: "", details: { zipCode: "1" } }).error!;
    expect(fieldErrorsOf(error)).toEqual({ name: ["Enter a name"], "details.zipCode": ["Enter a 5-digit zip code"] });
  });

  it("keeps every message of a field, in order", () => {
    const twice = z.string().min(3, "Too short").regex(/^\d+$/, "Digits only");
    expect(fieldErrorsOf(z.object({ code: twice }).safeParse({ code: "a" }).error!)).toEqual({
      code: ["Too short", "Digits only"],
    });
  });

  it("puts an error of the whole value under form", () => {
    expect(fieldErrorsOf(schema.safeParse("hello").error!)).toEqual({ form: [expect.any(String)] });
  });
});
