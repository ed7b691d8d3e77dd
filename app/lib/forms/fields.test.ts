import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { emailField, messageField, optionalPhone, optionalText, requiredPhone, requiredText } from "./fields";

/** The messages a visitor is shown for a value, or "ok" and what is kept. */
function answer(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? { ok: result.data } : result.error.issues.map((issue) => issue.message);
}

describe("the shared form fields", () => {
  it("a required text field: its own message when empty or missing, and at most its length once trimmed", () => {
    const name = requiredText("First name", 10);
    expect(answer(name, "")).toEqual(["First name is required"]);
    expect(answer(name, undefined)).toEqual(["First name is required"]);
    expect(answer(name, `  ${"a".repeat(10)}  `)).toEqual({ ok: "a".repeat(10) });
    expect(answer(name, "a".repeat(11))).toEqual(["First name must be at most 10 characters"]);
    expect(answer(requiredText("City"), "a".repeat(201))).toEqual(["City must be at most 200 characters"]);
  });

  it("an optional text field keeps nothing for a blank answer, and says when it is too long", () => {
    const instagram = optionalText("Instagram", 5);
    expect(answer(instagram, "   ")).toEqual({ ok: undefined });
    expect(answer(instagram, undefined)).toEqual({ ok: undefined });
    expect(answer(instagram, " @ada ")).toEqual({ ok: "@ada" });
    expect(answer(instagram, "@adalo")).toEqual(["Instagram must be at most 5 characters"]);
    expect(answer(optionalText("Twitter"), "a".repeat(201))).toEqual(["Twitter must be at most 200 characters"]);
  });

  it("a message keeps its line breaks, and says how long it may be", () => {
    expect(answer(messageField(), "Hi,\r\n\tFriday?")).toEqual({ ok: "Hi,\r\n\tFriday?" });
    expect(answer(messageField(), "a".repeat(5001))).toEqual(["Message must be at most 5000 characters"]);
    expect(answer(messageField("Special requests"), "a".repeat(5001))).toEqual([
      "Special requests must be at most 5000 characters",
    ]);
    expect(answer(messageField(), "a".repeat(5000))).toEqual({ ok: "a".repeat(5000) });
  });

  it("an e-mail: required, trimmed, at most 254 characters, a real address", () => {
    expect(answer(emailField, undefined)).toEqual(["Email is required"]);
    expect(answer(emailField, "  ")).toEqual(["Email is required"]);
    expect(answer(emailField, " ada@example.com ")).toEqual({ ok: "ada@example.com" });
    expect(answer(emailField, `${"a".repeat(64)}@${"b".repeat(186)}.com`)).toEqual(["Email is too long"]);
    expect(answer(emailField, "ada@example")).toEqual(["Enter a valid email address"]);
  });

  it.each(["+1 (713) 555-0100", "713.555.0100", "555-010", `+${"1".repeat(25)}`])(
    "takes the phone number %s",
    (phone) => {
      expect(answer(requiredPhone, phone)).toEqual({ ok: phone });
      expect(answer(optionalPhone, phone)).toEqual({ ok: phone });
    },
  );

  it.each([
    "555-01",
    "713-555-CALL",
    "x7135550100",
    "7135550100x",
    "++17135550100",
    "1".repeat(26),
    `+${"1".repeat(26)}`,
    "1".repeat(40),
  ])("refuses the phone number %s with one message", (phone) => {
    expect(answer(requiredPhone, phone)).toEqual(["Enter a valid phone number"]);
    expect(answer(optionalPhone, phone)).toEqual(["Enter a valid phone number"]);
  });

  it("a required phone says only that it is required when empty; an optional one keeps nothing", () => {
    expect(answer(requiredPhone, " ")).toEqual(["Phone is required"]);
    expect(answer(requiredPhone, undefined)).toEqual(["Phone is required"]);
    expect(answer(optionalPhone, " ")).toEqual({ ok: undefined });
    expect(answer(optionalPhone, undefined)).toEqual({ ok: undefined });
  });
});
