import { describe, expect, it } from "vitest";
import { phoneDigits, smsHref, telHref } from "./phone";

describe("phone links", () => {
  it("builds tel: and sms: links from the digits of a US number", () => {
    expect(telHref("(713) 555-0142")).toBe("tel:+17135550142");
    expect(smsHref("713.555.0199")).toBe("sms:+17135550199");
    expect(phoneDigits("+1 713 555 0142")).toBe("+17135550142");
  });
  it("keeps other lengths as bare digits", () => {
    expect(phoneDigits("555-0142")).toBe("5550142");
  });
});
