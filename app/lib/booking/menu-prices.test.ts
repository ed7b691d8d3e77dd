import { describe, expect, it } from "vitest";
import { SERVICE_MENU } from "~/content/service-pages";
import { TREATMENTS } from "~/content/treatments";
import {
  bookingPriceTotal,
  choiceFacts,
  findOption,
  formatAmount,
  formatLength,
  packageFacts,
  priceAmount,
  priceListItems,
  treatmentFacts,
} from "./menu-prices";
import { readServiceOptions } from "./service-options";

const option = (name: string, durationMinutes: number, price: string) => ({ name, durationMinutes, price });

describe("prices and lengths read from the options", () => {
  it("reads the amount a price names, in the forms the option editor takes", () => {
    expect(priceAmount("$65")).toBe(65);
    expect(priceAmount("$280+")).toBe(280);
    expect(priceAmount("from $80")).toBe(80);
    expect(priceAmount("$1,200")).toBe(1200);
    expect(priceAmount("$62.50")).toBe(62.5);
    expect(priceAmount("$62.5")).toBe(62.5);
    expect(priceAmount("$ 45 and up")).toBe(45);
    for (const none of ["Free", "", "Ask us", "45"]) expect(priceAmount(none), none).toBeUndefined();
  });

  it("writes amounts and lengths as a US menu does", () => {
    expect(formatAmount(65)).toBe("$65");
    expect(formatAmount(1200)).toBe("$1,200");
    expect(formatAmount(62.5)).toBe("$62.50");
    expect(formatLength(20)).toBe("20 min");
    expect(formatLength(90)).toBe("90 min");
    expect(formatLength(119)).toBe("119 min");
    expect(formatLength(120)).toBe("2 hr");
    expect(formatLength(150)).toBe("2½ hr");
    expect(formatLength(135)).toBe("2 hr 15 min");
    expect(formatLength(180)).toBe("3 hr");
  });

  it("a service starts at its lowest price and lasts from its shortest to its longest option", () => {
    const facts = choiceFacts([
      option("Balayage", 180, "$280+"),
      option("Men's Haircut", 45, "$65"),
      option("Consultation", 30, "Free"),
    ]);
    expect(facts).toEqual({ price: "$65", length: "30 min – 3 hr" });
    expect(choiceFacts([option("Lash Lift", 60, "$85")])).toEqual({ price: "$85", length: "60 min" });
    expect(choiceFacts([option("Polish Change", 20, "$20"), option("Acrylic Full Set", 90, "$75+")]).length).toBe(
      "20–90 min",
    );
    expect(choiceFacts([option("Fill", 60, "$70"), option("Mega Volume", 150, "$260")]).length).toBe("60 min – 2½ hr");
    // No price known: no "Starting at" at all rather than a made-up one.
    expect(choiceFacts([option("Consultation", 30, "Free")])).toEqual({ price: undefined, length: "30 min" });
    expect(choiceFacts([])).toEqual({ price: undefined, length: undefined });
  });

  it("a package adds up its parts, and gives no price when a part has none", () => {
    expect(packageFacts([option("Facial", 60, "$110"), option("Pedicure", 60, "$65+")])).toEqual({
      price: "$175",
      length: "2 hr",
    });
    expect(packageFacts([option("Facial", 60, "$110"), option("Chat", 15, "Free")]).price).toBeUndefined();
    expect(packageFacts([])).toEqual({});
  });

  it("finds an option by name whatever its case and spacing", () => {
    const options = [option("Gel Manicure", 45, "$50")];
    expect(findOption(options, "  gel  MANICURE ")).toBe(options[0]);
    expect(findOption(options, "Gel Pedicure")).toBeUndefined();
  });

  it("a treatment's facts follow the options it names: the owner's change shows, a removed option is left out", () => {
    const facial = TREATMENTS.find((t) => t.id === "facial")!;
    const menus = { ...SERVICE_MENU };
    const optionsOf = (type: keyof typeof menus) => menus[type];
    expect(treatmentFacts(facial.menu, optionsOf, "From")).toEqual({
      price: "From $110",
      length: "60–75 min",
    });
    menus.waxing = menus.waxing.map((o) =>
      o.name === "Deep Cleansing Facial" || o.name === "Sensitive Skin Facial" ? { ...o, price: "$99" } : o,
    );
    expect(treatmentFacts(facial.menu, optionsOf, "From").price).toBe("From $99");
    const spaDay = TREATMENTS.find((t) => t.id === "spa-package")!;
    expect(treatmentFacts(spaDay.menu, optionsOf, "From")).toEqual({ price: "$324", length: "3½ hr" });
    menus.nails = menus.nails.filter((o) => o.name !== "Spa Pedicure");
    expect(treatmentFacts(spaDay.menu, optionsOf, "From")).toEqual({});
  });

  it("every treatment names options the built-in menu has, so each shows a price and a length", () => {
    for (const treatment of TREATMENTS) {
      for (const [type, name] of treatment.menu.options)
        expect(findOption(SERVICE_MENU[type], name), `${treatment.id}: ${name}`).toBeDefined();
    }
  });

  it("the built-in menu gives every option its own length and price: a men's cut is not a balayage", () => {
    const hair = readServiceOptions(JSON.stringify(SERVICE_MENU.hair));
    expect(findOption(hair, "Men's Haircut")).toEqual(option("Men's Haircut", 45, "$65"));
    expect(findOption(hair, "Balayage")).toEqual({
      ...option("Balayage", 180, "$280+"),
      processing: { afterMinutes: 75, minutes: 45 },
    });
    const nails = readServiceOptions(JSON.stringify(SERVICE_MENU.nails));
    expect(findOption(nails, "Polish Change")!.durationMinutes).toBe(20);
    expect(findOption(nails, "Acrylic Full Set")!.durationMinutes).toBe(90);
    for (const [type, options] of Object.entries(SERVICE_MENU)) {
      expect(new Set(options.map((o) => `${o.durationMinutes} ${o.price}`)).size, type).toBeGreaterThan(
        options.length / 2,
      );
      for (const o of options) expect(o.price === "Free" || priceAmount(o.price) !== undefined, o.name).toBe(true);
    }
  });

  it("a price list shows each option's length and its price as written", () => {
    expect(priceListItems([option("Balayage", 180, "$280+"), option("Walk-in", 15, "")])).toEqual([
      { name: "Balayage", length: "3 hr", price: "$280+" },
      { name: "Walk-in", length: "15 min", price: undefined },
    ]);
  });
});

describe("a booking's price as one total", () => {
  it("adds the prices of a visit's services, keeps a starting price's '+', and leaves what names no amount", () => {
    expect(bookingPriceTotal("$150 + $45")).toBe("$195");
    expect(bookingPriceTotal("$280+ + $62.50")).toBe("$342.50+");
    expect(bookingPriceTotal("$65")).toBe("$65");
    expect(bookingPriceTotal("$65 + Free")).toBe("$65 + Free");
    expect(bookingPriceTotal("")).toBe("");
  });
});
