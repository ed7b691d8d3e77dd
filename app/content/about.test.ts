import { describe, expect, it } from "vitest";
import { aboutDefaults } from "./about";

const NUMBER_WORDS: Record<number, string> = {
  10: "ten",
  15: "fifteen",
  20: "twenty",
  25: "twenty-five",
  30: "thirty",
};

describe("the About page's built-in copy", () => {
  it("gives the founder's badge and her bio the same number of years", () => {
    const years = Number(aboutDefaults.ceo_badge_number);
    expect(aboutDefaults.ceo_badge_label).toMatch(/^Years/);
    expect(aboutDefaults.ceo_bio).toContain(`${NUMBER_WORDS[years]} years`);
  });
});
