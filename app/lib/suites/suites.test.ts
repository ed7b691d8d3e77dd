import { describe, expect, it } from "vitest";
import { formatDollars, freeNowLabel, freeUnitsByType, leaseCoversDay, rentFromLabel } from "./suites";

describe("leaseCoversDay", () => {
  const lease = { lease_start: "2026-03-01", lease_end: "2026-11-28" };

  it("covers its first and last day, both inclusive", () => {
    expect(leaseCoversDay(lease, "2026-03-01")).toBe(true);
    expect(leaseCoversDay(lease, "2026-11-28")).toBe(true);
  });

  it("does not cover the day before it starts or after it ends", () => {
    expect(leaseCoversDay(lease, "2026-02-28")).toBe(false);
    expect(leaseCoversDay(lease, "2026-11-29")).toBe(false);
  });

  it("an open lease covers every day from its start; no start is no lease", () => {
    expect(leaseCoversDay({ lease_start: "2026-03-01", lease_end: null }, "2030-01-01")).toBe(true);
    expect(leaseCoversDay({ lease_start: null, lease_end: null }, "2026-03-01")).toBe(false);
  });
});

describe("freeUnitsByType", () => {
  it("counts, per type, the units no lease covers on the day", () => {
    const units = [
      { type_id: 1, lease_start: "2026-01-01", lease_end: "2026-11-27" },
      { type_id: 1, lease_start: "2026-01-01", lease_end: "2026-11-28" },
      { type_id: 1, lease_start: null, lease_end: null },
      { type_id: 2, lease_start: "2026-11-29", lease_end: null },
      { type_id: 3, lease_start: "2025-01-01", lease_end: null },
    ];
    expect(Object.fromEntries(freeUnitsByType(units, "2026-11-28"))).toEqual({ 1: 2, 2: 1, 3: 0 });
  });
});

describe("rent", () => {
  it("reads as whole dollars a week or a day, with cents only when there are some", () => {
    expect(rentFromLabel(27500, "week")).toBe("from $275 / week");
    expect(rentFromLabel(27550, "week")).toBe("from $275.50 / week");
    expect(rentFromLabel(6500, "day")).toBe("from $65 / day");
    expect(formatDollars(123456700)).toBe("$1,234,567");
  });

  it("says how many are free, or Waitlist when none", () => {
    expect(freeNowLabel(1)).toBe("1 free now");
    expect(freeNowLabel(3)).toBe("3 free now");
    expect(freeNowLabel(0)).toBe("Waitlist");
  });
});
