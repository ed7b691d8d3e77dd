import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SUITE_TYPES } from "~/content/suite-types";
import { SuiteCard } from "./suite-card";

describe("SuiteCard", () => {
  it("marks an available suite and offers to check availability", () => {
    const html = renderToStaticMarkup(<SuiteCard suite={SUITE_TYPES[0]} applicationHref="#application" />);
    expect(html).toContain("Available");
    expect(html).toContain("Check Availability");
    expect(html).not.toContain("Occupied");
    expect(html).toContain('href="#application"');
  });

  it("shows the occupied badge when the data says the suite is taken", () => {
    const html = renderToStaticMarkup(
      <SuiteCard suite={{ ...SUITE_TYPES[1], available: false }} applicationHref="#application" />,
    );
    expect(html).toContain("Occupied");
    expect(html).not.toContain(">Available<");
    expect(html).toContain("Join the Waitlist");
  });

  it("none is unavailable by default", () => {
    expect(SUITE_TYPES.map((s) => s.name)).toEqual([
      "Small Suites",
      "Large Suites / Duos",
      "Hair Stations",
      "Daily Rentals",
    ]);
    expect(SUITE_TYPES.every((s) => s.available)).toBe(true);
  });
});
