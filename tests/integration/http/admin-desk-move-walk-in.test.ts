/**
 * The front desk's Move and Walk-in over HTTP, without JavaScript: each is a page form on
 * /admin/bookings that posts to the page's action and goes back to the calendar with the message
 * (Post/Redirect/Get), or comes back with what to fix; editors may use them, visitors and other
 * sites may not.
 */
import { describe, expect, it } from "vitest";
import { contactDefaults } from "~/content/contact";
import { localDate, wallClockInstant, weekdayOf } from "~/lib/booking/availability";
import { STAFF_MESSAGES } from "~/lib/booking/staff-forms";
import { openingHours } from "~/server/booking/model.server";
import { openDayFromToday, salonTime } from "../../support/dates";
import { insertBookingRow } from "../../support/booking-rows";
import { testDialect } from "../../support/test-db";
import { useTestServer } from "../../support/test-server";

const ZONE = "America/Chicago";
const unescape = (html: string) => html.replace(/&amp;/g, "&").replace(/&#x27;/g, "'");
const flashOf = (response: Response) => /salon_flash=[^;]+/.exec(response.headers.get("set-cookie") ?? "")?.[0] ?? "";

describe(`the front desk's Move and Walk-in over HTTP (${testDialect})`, () => {
  const server = useTestServer();
  const post = (
    fields: [string, string][],
    init: { cookie?: string; headers?: Record<string, string> } = {},
    path = "/admin/bookings",
  ) => server().fetch(path, { method: "POST", body: new URLSearchParams(fields), ...init });
  const booking = (id: number) =>
    server().db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("Move: the details' link opens the form, which moves the booking and goes back to its new day; refusals change nothing", async () => {
    await server().db.deleteFrom("bookings").execute();
    await server().db.deleteFrom("staff").execute();
    const day = openDayFromToday(40);
    const { id } = await insertBookingRow(server().db, {
      kind: "appointment",
      resource: "service:hair",
      service: "hair",
      option_name: "Women's Haircut & Style",
      starts_at: new Date(salonTime(day, "09:00")).toISOString(),
      ends_at: new Date(salonTime(day, "10:00")).toISOString(),
      duration_minutes: 60,
      status: "confirmed",
      first_name: "Ada",
      last_name: "Mover",
      email: "ada@example.com",
      phone: "(713) 555-0100",
      source: "staff",
    });
    const { cookie } = await server().signIn("editor");
    const formPath = `/admin/bookings?view=day&date=${day}&move=${id}`;
    const page = unescape(await (await server().fetch(formPath, { cookie })).text());
    expect(page).toContain("Move Ada Mover");
    for (const label of ["Date", "Time"]) expect(page).toMatch(new RegExp(`<label[^>]*>${label}<`));
    expect(page).toMatch(/<input[^>]*name="time"[^>]*value="09:00"/);
    const move = (time: string, as = cookie, headers: Record<string, string> = {}) =>
      post(
        [
          ["intent", "move"],
          ["from", "page"],
          ["id", String(id)],
          ["date", day],
          ["time", time],
          ["staff", ""],
        ],
        { cookie: as, headers },
        formPath,
      );

    // Another site's form, and a visitor who is not signed in, move nothing.
    const crossSite = await move("11:00", cookie, { Origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    const anonymous = await move("11:00", "");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/admin/login");
    const roleless = await server().signIn(null);
    expect((await move("11:00", roleless.cookie)).status).toBe(302);
    expect((await booking(id)).starts_at).toBe(new Date(salonTime(day, "09:00")).toISOString());

    const refused = await move("17:30");
    expect(refused.status).toBe(400);
    const again = unescape(await refused.text());
    expect(again).toMatch(/role="alert"[^>]*>That time is outside working hours/);
    expect(again).toMatch(/<input[^>]*name="time"[^>]*value="17:30"/);
    expect((await booking(id)).starts_at).toBe(new Date(salonTime(day, "09:00")).toISOString());

    const moved = await move("11:00");
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe(`/admin/bookings?view=day&date=${day}`);
    expect(await booking(id)).toMatchObject({
      starts_at: new Date(salonTime(day, "11:00")).toISOString(),
      sequence: 1,
    });
    const after = await (
      await server().fetch(moved.headers.get("location")!, { cookie: `${cookie}; ${flashOf(moved)}` })
    ).text();
    expect(after).toContain(STAFF_MESSAGES.moved);
  });

  it("Walk-in: the button opens the form; a post books the next free time today or says nothing is free, and books nothing", async () => {
    await server().db.deleteFrom("bookings").execute();
    await server().db.deleteFrom("staff").execute();
    const { cookie } = await server().signIn("editor");
    const calendar = unescape(await (await server().fetch("/admin/bookings", { cookie })).text());
    const href = /<a[^>]*href="([^"]*walkin=1)"/.exec(calendar)?.[1] ?? "";
    const today = localDate(Date.now(), ZONE);
    expect(href).toBe(`/admin/bookings?view=day&date=${today}&walkin=1`);
    const form = unescape(await (await server().fetch(href, { cookie })).text());
    expect(form).toContain('id="walk-in-heading"');
    for (const label of ["Service", "First name (optional)", "Phone (optional)"])
      expect(form).toMatch(new RegExp(`<label[^>]*>${label.replace(/[()]/g, "\\$&")}<`));

    const walkIn = (fields: [string, string][], headers: Record<string, string> = {}) =>
      post([["intent", "walk-in"], ["from", "page"], ["staff", "any"], ...fields], { cookie, headers });
    expect((await walkIn([["choice", "facials-waxing:Eyebrow Wax"]], { Origin: "https://evil.example" })).status).toBe(
      403,
    );
    const invalid = await walkIn([
      ["choice", "facials-waxing:Eyebrow Wax"],
      ["email", "not an address"],
    ]);
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Enter a valid email address");
    expect(await server().db.selectFrom("bookings").select("id").execute()).toEqual([]);

    // Whether a short wax still fits today depends on the real clock: both answers are checked.
    const now = Date.now();
    const hours = openingHours(contactDefaults)[weekdayOf(today)] ?? [];
    const closes = hours.length ? wallClockInstant(today, hours[0].closes, ZONE)! : 0;
    const opens = hours.length ? wallClockInstant(today, hours[0].opens, ZONE)! : 0;
    const fits = hours.length > 0 && now < closes - 60 * 60_000 && now >= opens;
    const closed = hours.length === 0 || now >= closes - 10 * 60_000;
    const answer = await walkIn([
      ["choice", "facials-waxing:Eyebrow Wax"],
      ["firstName", "Wanda"],
    ]);
    const rows = await server().db.selectFrom("bookings").selectAll().execute();
    if (fits) {
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe(`/admin/bookings?view=day&date=${today}`);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ source: "walk_in", status: "confirmed", first_name: "Wanda" });
      const after = await (
        await server().fetch(answer.headers.get("location")!, { cookie: `${cookie}; ${flashOf(answer)}` })
      ).text();
      expect(after).toContain("Walk-in booked: Eyebrow Wax at ");
    } else if (closed) {
      expect(answer.status).toBe(409);
      expect(unescape(await answer.text())).toContain(STAFF_MESSAGES.walkInNone);
      expect(rows).toEqual([]);
    }
  });
});
