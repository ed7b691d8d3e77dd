import { describe, expect, it } from "vitest";
import { historyLine, NO_HISTORY, visitAmount } from "./history";

describe("a client's history in one line", () => {
  it("says 'New client' when there is nothing to count", () => {
    expect(historyLine(NO_HISTORY)).toBe("New client");
  });

  it("counts visits, no-shows and late cancellations, each in the singular or plural, leaving out zeros", () => {
    expect(historyLine({ visits: 3, noShows: 1, lateCancellations: 1 })).toBe(
      "3 visits, 1 no-show, 1 late cancellation",
    );
    expect(historyLine({ visits: 1, noShows: 0, lateCancellations: 0 })).toBe("1 visit");
    expect(historyLine({ visits: 0, noShows: 2, lateCancellations: 3 })).toBe("2 no-shows, 3 late cancellations");
  });
});

describe("what a visit cost, as an estimate", () => {
  it("adds the prices of a visit's services; a starting price counts as its amount; no amount counts as nothing", () => {
    expect(visitAmount("$60")).toBe(60);
    expect(visitAmount("$150 + $45")).toBe(195);
    expect(visitAmount("$280+ + $62.50")).toBe(342.5);
    expect(visitAmount("Price on consultation + $40")).toBe(40);
    expect(visitAmount("")).toBe(0);
  });
});
