import { describe, expect, it } from "vitest";
import { morePartsFromForm, visitPersonValue } from "./visit-form";

describe("a visit's further services as the booking page's forms carry them", () => {
  it("gives each service the person named for it, in the order of the services", () => {
    const manicure = { service: "nails", option: "Gel Manicure" };
    expect(
      morePartsFromForm(
        ["nails:Gel Manicure", "hair:Trim"],
        [visitPersonValue({ service: "hair", option: "Trim" }, 7), visitPersonValue(manicure, 3)],
      ),
    ).toEqual([
      { service: "nails", option: "Gel Manicure", staff: 3 },
      { service: "hair", option: "Trim", staff: 7 },
    ]);
  });

  it("a service taken out of the visit hands its person to no other; the same service twice keeps each one's person", () => {
    // The manicure's box was unticked: its person entry is still posted, and stays unused.
    expect(morePartsFromForm(["hair:Trim"], ["3:nails:Gel Manicure", "any:hair:Trim"])).toEqual([
      { service: "hair", option: "Trim" },
    ]);
    expect(morePartsFromForm(["nails:Polish", "nails:Polish"], ["any:nails:Polish", "4:nails:Polish"])).toEqual([
      { service: "nails", option: "Polish" },
      { service: "nails", option: "Polish", staff: 4 },
    ]);
  });

  it("leaves out what it cannot read", () => {
    expect(morePartsFromForm(["broken", ":x", "nails:Polish"], ["x:nails:Polish", "-1:nails:Polish"])).toEqual([
      { service: "nails", option: "Polish" },
    ]);
  });
});
