/**
 * A visit of several services at the front desk, over HTTP: the new-booking form posts the added
 * services (as it does without JavaScript), the whole sequence is claimed or nothing, and the
 * calendar's day and week show each part under its person with the colour's processing marked.
 */
import { describe, expect, it } from "vitest";
import { bookingParts } from "~/lib/booking/parts";
import { STAFF_MESSAGES } from "~/lib/booking/staff-forms";
import { BOOKING_REFUSALS } from "~/server/booking/model.server";
import { createStaff } from "~/server/booking/people/staff.server";
import { openDayFromToday } from "../../support/dates";
import { DESK } from "../../support/booking-request";
import { testDialect } from "../../support/test-db";
import { useTestServer } from "../../support/test-server";

const client = { firstName: "Ada", lastName: "Phone", phone: "(713) 555-0100", email: "" };

describe(`a visit of several services at the front desk (${testDialect})`, () => {
  const server = useTestServer();
  const people = async () => {
    const db = server().db;
    await db.deleteFrom("bookings").execute();
    await db.deleteFrom("staff").execute();
    const bea = await createStaff(db, DESK, { name: "Bea", email: "", photoUrl: "", services: ["hair"], hours: null });
    const cy = await createStaff(db, DESK, { name: "Cy", email: "", photoUrl: "", services: ["nails"], hours: null });
    return { bea, cy };
  };
  /** The new-booking form as it posts: one `also` and one `alsoStaff` per added service. */
  const book = (fields: [string, string][]) =>
    server().fetch("/admin/bookings", {
      method: "POST",
      body: new URLSearchParams([["intent", "create"], ...Object.entries(client), ...fields]),
      as: "editor",
    });
  const rows = () => server().db.selectFrom("bookings").selectAll().where("kind", "=", "appointment").execute();

  it("books a colour with Bea, then a manicure with Cy, as one confirmed visit with each part on its person", async () => {
    const { bea, cy } = await people();
    const date = openDayFromToday(30);
    const answer = await book([
      ["service", "hair"],
      ["option", "Single-Process Color"],
      ["staff", String(bea.id)],
      ["also", "nails:Gel Manicure"],
      ["alsoStaff", String(cy.id)],
      ["date", date],
      ["time", "10:00"],
    ]);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain(STAFF_MESSAGES.created);
    const [visit] = await rows();
    expect(visit).toMatchObject({ status: "confirmed", source: "staff", duration_minutes: 165, price: "$140+ + $50" });
    expect(bookingParts(visit).map((p) => [p.option, p.staffId, p.offsetMinutes])).toEqual([
      ["Single-Process Color", bea.id, 0],
      ["Gel Manicure", cy.id, 120],
    ]);

    // The calendar's day: the colour in Bea's column with its processing marked, the manicure in Cy's.
    const day = await (await server().fetch(`/admin/bookings?view=day&date=${date}`, { as: "editor" })).text();
    const columns = [...day.matchAll(/<ol aria-label="([^,"]+),[^"]*">(.*?)<\/ol>/g)].map((m) => ({
      person: m[1],
      text: m[2].replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "|"),
    }));
    const beas = columns.find((c) => c.person === "Bea")!.text;
    expect(beas).toMatch(/10:00–12:00 PM\|.*Ada Phone.*Hair.*Visit, service 1 of 2/);
    expect(beas).toContain("Processing| 10:45–11:20 AM, free for another client");
    // Each line of the entry is drawn over the processing band, so a short entry stays readable.
    const lines = [...day.matchAll(/<span class="([^"]*)"[^>]*>(?:10:00|Visit, service)/g)].map((m) => m[1].split(" "));
    expect(lines).toHaveLength(3); // the colour's time and visit lines, the manicure's visit line
    for (const line of lines) expect(line).toEqual(expect.arrayContaining(["relative", "z-[1]"]));
    expect(/class="([^"]*)"[^>]*data-testid="calendar-processing"/.exec(day)![1].split(" ")).toContain("z-0");
    const cys = columns.find((c) => c.person === "Cy")!.text;
    expect(cys).toMatch(/12:00–12:45 PM\|.*Ada Phone.*Nails.*Visit, service 2 of 2/);
    expect(cys).not.toContain("Processing");

    // The week: both parts on their day, each naming its person, the processing marked.
    const week = await (await server().fetch(`/admin/bookings?view=week&date=${date}`, { as: "editor" })).text();
    const parts = [...week.matchAll(/data-testid="calendar-entry"[^>]*>(.*?)<\/a>/g)].map((m) =>
      m[1].replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "|"),
    );
    expect(parts).toHaveLength(2);
    expect(parts[0]).toMatch(/Hair\|.*Bea\|.*Processing/);
    expect(parts[1]).toMatch(/Nails\|.*Cy\|/);
  });

  it("refuses a visit whose added service's person is busy then, and writes nothing", async () => {
    const { bea, cy } = await people();
    const date = openDayFromToday(30);
    // Cy has a pedicure at 11:00; a haircut at 10:00 with Bea is free, but her manicure after it is not.
    expect(
      (
        await book([
          ["service", "nails"],
          ["option", "Classic Pedicure"],
          ["staff", String(cy.id)],
          ["date", date],
          ["time", "11:00"],
        ])
      ).status,
    ).toBe(200);
    const refused = await book([
      ["service", "hair"],
      ["option", "Women's Haircut & Style"],
      ["staff", String(bea.id)],
      ["also", "nails:Gel Manicure"],
      ["alsoStaff", "any"],
      ["date", date],
      ["time", "10:00"],
    ]);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(STAFF_MESSAGES.taken);
    expect(await rows()).toHaveLength(1);
  });

  it("refuses an added service the salon does not offer, with what to fix", async () => {
    await people();
    const refused = await book([
      ["service", "hair"],
      ["also", "nails:Diamond Claws"],
      ["alsoStaff", "any"],
      ["date", openDayFromToday(30)],
      ["time", "10:00"],
    ]);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(BOOKING_REFUSALS.unknownOption);
    expect(await rows()).toHaveLength(0);
  });

  it("marks a colour's processing on a chair as processing, with the chair still taken", async () => {
    await server().db.deleteFrom("bookings").execute();
    await server().db.deleteFrom("staff").execute();
    const date = openDayFromToday(40);
    const made = await book([
      ["service", "hair"],
      ["option", "Single-Process Color"],
      ["date", date],
      ["time", "10:00"],
    ]);
    expect(made.status).toBe(200);
    const day = await (await server().fetch(`/admin/bookings?view=day&date=${date}`, { as: "editor" })).text();
    const hair = /<ol aria-label="Hair,[^"]*">(.*?)<\/ol>/
      .exec(day)?.[1]
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, "|");
    expect(hair).toContain("Processing| 10:45–11:20 AM, the chair stays taken");
    expect(hair).not.toContain("free for another client");
  });
});
