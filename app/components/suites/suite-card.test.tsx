import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SuiteOffer } from "~/lib/suites/suites";
import { SuiteCard } from "./suite-card";

const SMALL: SuiteOffer = {
  id: 1,
  slug: "small",
  name: "Small Suites",
  sizeLabel: "About 120 sq ft",
  rentPeriod: "week",
  rentFromCents: 27500,
  included: ["Lockable door with your name on it"],
  freeNow: 2,
  description: "A private studio for one professional.",
  photos: [{ src: "/images/suites-gallery-1.jpg", alt: "A private suite" }],
};

describe("SuiteCard", () => {
  it("leads with the rent, size, what is included and how many are free now", () => {
    const html = renderToStaticMarkup(<SuiteCard suite={SMALL} applicationHref="#application" />);
    expect(html).toContain("from $275 / week");
    expect(html).toContain("About 120 sq ft");
    expect(html).toContain("Lockable door with your name on it");
    expect(html).toContain("2 free now");
    expect(html).toContain("Check Availability");
    expect(html).toContain('alt="A private suite"');
    expect(html).toContain('href="#application"');
  });

  it("offers the waitlist when no unit of the type is free", () => {
    const html = renderToStaticMarkup(<SuiteCard suite={{ ...SMALL, freeNow: 0 }} applicationHref="#application" />);
    expect(html).toContain(">Waitlist<");
    expect(html).not.toContain("free now");
    expect(html).toContain("Join the Waitlist");
  });

  it("has a tour link for its type", () => {
    const html = renderToStaticMarkup(<SuiteCard suite={SMALL} applicationHref="#application" />);
    expect(html).toContain('href="/suites/tour?type=small"');
  });
});
