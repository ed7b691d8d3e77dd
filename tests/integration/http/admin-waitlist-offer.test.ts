/**
 * /admin/bookings/waiting-list over HTTP: the salon offers a waiting client a time by hand (a
 * time inside the lead time here, which the automatic offer never makes), as the form posts it
 * without JavaScript; the client gets the same e-mail and answer page as from the automatic offer.
 */
import { describe, expect, it } from "vitest";
import { BOOKING_SETTINGS_DEFAULTS } from "~/lib/booking/settings";
import { WAITLIST_DESK_MESSAGES } from "~/lib/booking/waitlist";
import { saveBookingSettings } from "~/server/booking/model.server";
import { openDayFromToday } from "../../support/dates";
import { testDialect } from "../../support/test-db";
import { useTestServer } from "../../support/test-server";

const decode = (html: string) =>
  html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

describe(`offering a waiting client a time by hand (${testDialect})`, () => {
  // Clients book a week ahead: the waiting list's job offers nothing in the days asked for.
  const server = useTestServer({
    prepare: (db) => saveBookingSettings(db, { ...BOOKING_SETTINGS_DEFAULTS, leadMinutes: 7 * 24 * 60 }, null),
  });
  const list = async () =>
    decode(await (await server().fetch("/admin/bookings/waiting-list", { as: "editor" })).text());
  const offer = (fields: Record<string, string>) =>
    server().fetch("/admin/bookings/waiting-list", {
      method: "POST",
      body: new URLSearchParams({ intent: "offer", ...fields }),
      as: "editor",
    });

  it("holds a time that fits their wishes, e-mails them the offer link, and the list shows it held", async () => {
    const day = openDayFromToday(2);
    const joined = await server().fetch("/waitlist?service=nails", {
      method: "POST",
      body: new URLSearchParams({
        service: "nails",
        firstName: "Ada",
        lastName: "Client",
        email: "ada@example.com",
        phone: "(713) 555-0100",
        fromDate: day,
        toDate: day,
        dayParts: "morning",
      }),
    });
    expect(joined.status).toBeLessThan(400);
    const [entry] = await server().db.selectFrom("waitlist_entries").selectAll().execute();
    expect(entry.status).toBe("waiting");

    const before = await list();
    expect(before).toContain('aria-label="Offer Ada Client a time"');
    expect(before).toContain("Offer this time");

    const afternoon = await offer({ id: String(entry.id), date: day, time: "14:00" });
    expect(afternoon.status).toBe(400);
    expect(decode(await afternoon.text())).toContain(WAITLIST_DESK_MESSAGES.notWished);
    const noTime = await offer({ id: String(entry.id), date: day, time: "" });
    expect(noTime.status).toBe(400);
    expect(await noTime.text()).toContain("Choose a time");

    const made = await offer({ id: String(entry.id), date: day, time: "10:00" });
    expect(made.status).toBe(200);
    expect(decode(await made.text())).toContain(WAITLIST_DESK_MESSAGES.offered);
    const mail = await server()
      .db.selectFrom("mail_outbox")
      .select("text_body")
      .where("to_address", "=", "ada@example.com")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const token = /\/waitlist\/offer\/([A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{32})/.exec(mail.text_body ?? "")?.[1];
    const page = await server().fetch(`/waitlist/offer/${token}`);
    expect(page.status).toBe(200);
    expect(decode(await page.text())).toContain("10:00 AM");

    const after = await list();
    expect(after).toContain("A time is held for them");
    expect(after).not.toContain("Offer this time");
    const again = await offer({ id: String(entry.id), date: day, time: "11:00" });
    expect(again.status).toBe(409);
    expect(decode(await again.text())).toContain(WAITLIST_DESK_MESSAGES.alreadyHeld);
  });
});
