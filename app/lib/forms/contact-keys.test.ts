import { describe, expect, it } from "vitest";
import { emailKey, phoneKey } from "./contact-keys";

describe("contact keys", () => {
  it("an e-mail address: lower-case, trimmed, without a +tag", () => {
    expect(emailKey("  Ada@Example.COM ")).toBe("ada@example.com");
    expect(emailKey("ada+salon2@example.com")).toBe("ada@example.com");
    expect(emailKey("ada+a+b@example.com")).toBe("ada@example.com");
    // A name that is only a tag is left alone; dots stay.
    expect(emailKey("+ada@example.com")).toBe("+ada@example.com");
    expect(emailKey("a.da@gmail.com")).toBe("a.da@gmail.com");
    // Not an address at all: only lower-cased and trimmed.
    expect(emailKey(" Ada+Salon ")).toBe("ada+salon");
  });

  it("a phone number: its digits, the last ten", () => {
    expect(phoneKey("(713) 555-0100")).toBe("7135550100");
    expect(phoneKey("+1 713.555.0100")).toBe("7135550100");
    expect(phoneKey("1-713-555-0100")).toBe("7135550100");
    expect(phoneKey("555 0100")).toBe("5550100");
    expect(phoneKey("")).toBe("");
  });
});
