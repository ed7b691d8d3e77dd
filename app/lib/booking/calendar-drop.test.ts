import { describe, expect, it } from "vitest";
import { clockTime, dropMinute } from "./calendar-drop";

// A column from 9 AM to 6 PM, 900 pixels tall: 100 pixels an hour.
const AXIS = { start: 9 * 60, end: 18 * 60 };

describe("where a dragged appointment lands", () => {
  it("reads the time from the top edge's place in the column, snapped to a quarter hour", () => {
    expect(clockTime(dropMinute(0, 900, AXIS))).toBe("09:00");
    expect(clockTime(dropMinute(550, 900, AXIS))).toBe("14:30");
    // 14:37 is nearer 14:30, 14:38 nearer 14:45.
    expect(clockTime(dropMinute(561.6, 900, AXIS))).toBe("14:30");
    expect(clockTime(dropMinute(563.4, 900, AXIS))).toBe("14:45");
  });

  it("keeps a drop above or below the column on the calendar's hours", () => {
    expect(clockTime(dropMinute(-80, 900, AXIS))).toBe("09:00");
    expect(clockTime(dropMinute(2000, 900, AXIS))).toBe("17:45");
  });
});
