import { describe, expect, it } from "vitest";
import { contactDefaults } from "~/content/contact";
import { parseHoursRange, weeklyHours } from "./hours";

describe("weeklyHours", () => {
  it("lists the week from Sunday with closed days marked", () => {
    const week = weeklyHours(contactDefaults);
    expect(week.map((d) => d.label)).toEqual([
      "Sunday",
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
    ]);
    expect(week.filter((d) => d.closed).map((d) => d.label)).toEqual(["Sunday", "Monday", "Saturday"]);
    expect(week[2].text).toBe("9:00 AM - 6:00 PM");
  });
  it("treats an empty value as closed", () => {
    const week = weeklyHours({ ...contactDefaults, hours_tuesday: " " });
    expect(week[2]).toMatchObject({ text: "Closed", closed: true });
  });
});

describe("parseHoursRange", () => {
  it.each([
    ["9:00 AM - 6:00 PM", { opens: "09:00", closes: "18:00" }],
    ["09:00 am - 09:00 pm", { opens: "09:00", closes: "21:00" }],
    ["12 PM – 8:30 PM", { opens: "12:00", closes: "20:30" }],
    ["10am to 4pm", { opens: "10:00", closes: "16:00" }],
  ])("%s", (text, expected) => {
    expect(parseHoursRange(text)).toEqual(expected);
  });
  it("returns null for anything else", () => {
    expect(parseHoursRange("Closed")).toBeNull();
    expect(parseHoursRange("By appointment")).toBeNull();
  });
});
