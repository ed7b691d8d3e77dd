import { randomBytes } from "node:crypto";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { upsertUser } from "~/server/auth/users.server";
import { expectNoAxeViolations as axeCheck, switchTheme } from "./support/a11y";
import { gotoHydrated, signInAsUser, waitForHydration } from "./support/admin-pages";
import { startPrivateServer, type PrivateServer } from "./support/private-server";
import { dayFromToday, openDayFromToday, salonTime } from "../support/dates";
import { insertBookingRow } from "../support/booking-rows";
import { holdNextAnswer } from "./support/held-answer";

/**
 * /admin/staff in the browser: adding someone with their own hours from the keyboard, and axe on
 * the list and a person's page. Staff change every booking page's free times, so
 * these tests run on a server of their own. What the server accepts and refuses (editors, hours
 * outside the salon's, time off over a booking) is checked in tests/integration/staff.test.ts and
 * tests/integration/http/admin-staff.test.ts.
 */

let server: PrivateServer;
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  server = await startPrivateServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const url = (path: string) => `${server.baseURL}${path}`;
const expectNoAxeViolations = (page: Page) => axeCheck(page, { exclude: ["[data-sonner-toaster]"] });

/** Someone with no services and the salon's hours, added as the owner would: their id. */
async function addStaffMember(name: string): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await server.db
    .insertInto("staff")
    .values({ name, calendar_token: randomBytes(16).toString("hex"), created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function signInAsAdmin(context: BrowserContext) {
  const email = `admin-${randomBytes(4).toString("hex")}@aurelia.test`;
  const { id } = await upsertUser(server.db, { email, password: "a-long-enough-password", role: "admin" });
  await signInAsUser(context, server.baseURL, server.db, id);
}

test("an admin adds a staff member with their own hours from the keyboard; hours outside the salon's are explained", async ({
  page,
  context,
}) => {
  await signInAsAdmin(context);
  await gotoHydrated(page, url("/admin/staff"));
  await expect(page.getByTestId("booking-rule")).toContainText("nobody active does the salon's services");
  await page.getByRole("link", { name: "Add staff member" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/staff\/new$/);
  await page.locator("[data-hydrated]").waitFor();

  await page.getByLabel("Name", { exact: true }).focus();
  await page.keyboard.type("Cleo Keys");
  await page.getByRole("checkbox", { name: "Nails" }).focus();
  await page.keyboard.press("Space");
  // The radio group: arrow keys move from the salon's hours to their own.
  await page.getByRole("radio", { name: "The salon's opening hours" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: "Their own hours" })).toBeChecked();
  // Tuesday from 8 (before the salon opens), Wednesday off.
  await page.getByLabel("Tuesday start").focus();
  await page.keyboard.type("0800A");
  await page.getByRole("group", { name: "Wednesday" }).getByRole("checkbox", { name: "Off" }).focus();
  await page.keyboard.press("Space");
  await page.getByRole("button", { name: "Add staff member" }).focus();
  await page.keyboard.press("Enter");
  await expect(
    page.getByText(/Tuesday: 8:00 AM – 6:00 PM is outside the salon's opening hours \(9:00 AM – 6:00 PM\)/),
  ).toBeVisible();
  await expect(page.getByLabel("Tuesday start")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Tuesday start").focus();
  await page.keyboard.type("1000A");
  await page.getByLabel("Tuesday end").focus();
  await page.keyboard.type("0200P");
  await page.getByRole("button", { name: "Add staff member" }).focus();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/admin\/staff\/\d+$/);
  await expect(page.getByRole("heading", { level: 2, name: "Cleo Keys" })).toBeVisible();
  await expect(page.getByText("Cleo Keys added")).toBeVisible();
  const row = await server.db
    .selectFrom("staff")
    .select(["hours", "services"])
    .where("name", "=", "Cleo Keys")
    .executeTakeFirstOrThrow();
  expect(JSON.parse(row.services)).toEqual(["nails"]);
  const hours = JSON.parse(row.hours) as unknown[];
  expect(hours[2]).toEqual([{ opens: 600, closes: 840 }]);
  expect(hours[3]).toEqual([]);
  expect(hours[4]).toEqual([{ opens: 540, closes: 1080 }]);
  await expect(page.getByLabel("Feed link")).toHaveValue(
    new RegExp(`^${server.baseURL.replace(/[.]/g, "\\.")}/calendar/[A-Za-z0-9_-]{32}\\.ics$`),
  );
});

test("axe finds nothing on the staff list, a person's page and a booking page nobody takes", async ({
  page,
  context,
}) => {
  await signInAsAdmin(context);
  // Someone who does the salon's services (not the seeded suite manager, who only gives tours).
  const salonStaff = () =>
    server.db.selectFrom("staff").select(["id", "services"]).where("services", "!=", '["suite-tour"]');
  if (!(await salonStaff().executeTakeFirst())) {
    await server.db
      .insertInto("staff")
      .values({
        name: "Axe Person",
        services: '["hair"]',
        calendar_token: randomBytes(24).toString("base64url"),
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
  }
  const { id, services } = await salonStaff().executeTakeFirstOrThrow();
  // A booking from before staff were set up, on its service's chair: the list and the page offer to assign it.
  const service = (JSON.parse(services) as string[])[0] ?? "hair";
  const start = new Date(Date.now() + 7 * 24 * 3_600_000);
  start.setUTCHours(16, 0, 0, 0);
  const at = new Date().toISOString();
  await server.db
    .insertInto("booking_resources")
    .values({ key: `service:${service}` })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  await server.db
    .insertInto("bookings")
    .values({
      kind: "appointment",
      resource: `service:${service}`,
      staff_id: null,
      service,
      option_name: "",
      duration_minutes: 60,
      price: "",
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + 3_600_000).toISOString(),
      status: "confirmed",
      requested_starts_at: null,
      first_name: "Ada",
      last_name: "Before",
      email: "before@example.com",
      phone: "(713) 555-0100",
      notes: "",
      reason: "",
      manage_key: randomBytes(16).toString("hex"),
      source: "online",
      reminder_sent_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  // A service nobody active does: its booking page tells visitors to call.
  const untaken = ["hair", "lashes"].find((s) => s !== service)!;
  // The list's rows use the same controls and colours as the person's page: one scan of it is enough.
  await gotoHydrated(page, url("/admin/staff"));
  await expect(page.getByTestId("staff-row").first()).toBeVisible();
  await expect(page.getByTestId("nobody-does")).toBeVisible();
  await expect(page.getByTestId("unassigned")).toBeVisible();
  await switchTheme(page, "light");
  await expectNoAxeViolations(page);

  await gotoHydrated(page, url(`/admin/staff/${id}`));
  await page.getByRole("radio", { name: "Their own hours" }).check();
  await expect(page.getByTestId("time-off-card")).toBeVisible();
  await expect(page.getByTestId("unassigned")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(url(`/book/${untaken}`));
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
  await expect(page.locator("[data-not-bookable]")).toContainText("is not available right now. Call us at");
  // The rest of the page is a /book page's, scanned with its times in booking.spec.ts: axe on what
  // differs here, the notice in place of the form.
  await axeCheck(page, { include: "[data-not-bookable]" });
});

test("deleting someone no booking names asks first: Cancel keeps them, Delete removes them", async ({
  page,
  context,
}) => {
  await signInAsAdmin(context);
  const name = `Dana ${randomBytes(3).toString("hex")}`;
  const id = await addStaffMember(name);
  await gotoHydrated(page, url(`/admin/staff/${id}`));
  const status = page.getByTestId("staff-status");
  await status.getByRole("button", { name: "Delete…" }).click();
  const dialog = page.getByRole("alertdialog", { name: `Delete ${name}?` });
  await expect(dialog).toContainText(`${name} is removed for good. This cannot be undone.`);
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(status.getByRole("button", { name: "Delete…" })).toBeFocused();

  await status.getByRole("button", { name: "Delete…" }).click();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText(`${name} deleted`)).toBeVisible();
  expect(await server.db.selectFrom("staff").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
});

test("time off removed: its toast shows even when the answer comes back after its row has left", async ({
  page,
  context,
}) => {
  await signInAsAdmin(context);
  const name = `Tia ${randomBytes(3).toString("hex")}`;
  const id = await addStaffMember(name);
  await gotoHydrated(page, url(`/admin/staff/${id}`));
  const card = page.getByTestId("time-off-card");
  await card.getByLabel("First day off").fill(dayFromToday(30));
  await card.getByLabel("Last day off").fill(dayFromToday(30));
  await card.getByRole("button", { name: "Add time off" }).click();
  await expect(page.getByText(`Time off added for ${name}`)).toBeVisible();

  // The answer to Remove is held until the admin has gone on to the staff list: the row is gone for certain.
  const held = await holdNextAnswer(page, /\/admin\/staff\/\d+\.data/);
  await card.getByRole("button", { name: /^Remove time off/ }).click();
  await held.done;
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Staff" }).click();
  await expect(page).toHaveURL(/\/admin\/staff$/);
  held.release();
  await expect(page.getByText(`Time off removed for ${name}`)).toBeVisible();
});

test("closing a day with a booking on it: the client to call is a notice that stays until it is closed", async ({
  page,
  context,
}) => {
  await signInAsAdmin(context);
  const day = openDayFromToday(40);
  await insertBookingRow(server.db, {
    starts_at: new Date(salonTime(day, "10:00")).toISOString(),
    status: "confirmed",
  });
  await page.goto(url("/admin/bookings/settings"));
  await waitForHydration(page, "form[method=post]");
  await page.getByLabel("First day").fill(day);
  await page.getByRole("button", { name: "Add closure" }).click();
  await expect(page.getByText(/^Closed .*: no online bookings\.$/)).toBeVisible();
  const notice = page.locator("[data-sonner-toast]").filter({ hasText: "Please note" });
  await expect(notice).toContainText("1 booked appointment is still on that day: please contact that client.");
  for (const theme of ["light", "dark"] as const) {
    await switchTheme(page, theme);
    await axeCheck(page, { include: "[data-sonner-toaster]", coloursOnly: true });
  }
  // Past the success toast's four seconds it is still there, until the admin closes it.
  await page.waitForTimeout(5_000);
  await expect(page.getByText(/^Closed .*: no online bookings\.$/)).toBeHidden();
  await expect(notice).toBeVisible();
  await notice.getByRole("button", { name: /close/i }).click();
  await expect(notice).toBeHidden();

  // The other tests of this file book on open days: the closure goes again.
  await page.getByRole("button", { name: /^Remove the closure/ }).click();
  await expect(page.getByText(/^Open again /)).toBeVisible();
});
