import fs from "node:fs";
import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { CONTACT_FORM } from "~/content/contact";
import { SERVICE_OPTIONS } from "~/content/service-pages";
import { HONEYPOT_FIELD } from "~/lib/forms/honeypot";
import { upsertUser } from "~/server/auth/users.server";
import type { Role } from "~/server/db/schema";
import { expectNoAxeViolations } from "./support/a11y";
import { signInAsUser } from "./support/admin-pages";
import { signIn as signInMain } from "./support/auth";
import { e2eDb } from "./support/db";
import { startPrivateServer, type PrivateServer } from "./support/private-server";
import { format, parseISO } from "date-fns";
import { openDayFromToday } from "../support/dates";

/**
 * The form-submission inbox: every public form lands in it, search, type filter, views, opening
 * marks read, CSV export, roles. The first group runs against a server of its own, so "the top of
 * the inbox" and the bell's count are its alone, whatever other spec files submit meanwhile; the
 * rest works on rows of its own (found by a tag) on the shared server, in parallel with it. What
 * the server answers (the empty inbox, the CSV's bytes, staff-only and admin-only refusals) is
 * checked over HTTP in tests/integration/http/admin-submissions.test.ts, and so is what a search or a
 * type in the URL finds.
 */
let server: PrivateServer;
const tag = randomBytes(4).toString("hex");
const people = {
  appointment: { first: "Amara", last: `Appt${tag}`, email: `appt-${tag}@example.com` },
  contact: { name: `Chloe Contact${tag}`, email: `contact-${tag}@example.com` },
  booking: { first: "Bea", last: `Book${tag}`, email: `booking-${tag}@example.com` },
  suite: { name: `Sofia Suite${tag}`, email: `suite-${tag}@example.com` },
};

async function signIn(context: BrowserContext, role: Role) {
  const email = `${role}-${randomBytes(4).toString("hex")}@aurelia.test`;
  const { id } = await upsertUser(server.db, { email, password: "a-long-enough-password", role });
  await signInAsUser(context, server.baseURL, server.db, id);
}

/** A public form posted the way the page's enhancement script posts it, to the given server. */
async function postFormTo(request: APIRequestContext, base: string, name: string, fields: [string, string][]) {
  const response = await request.post(`${base}/api/forms/${name}`, {
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    data: new URLSearchParams(fields).toString(),
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { ok: true; id: number };
}
const postForm = (request: APIRequestContext, name: string, fields: [string, string][]) =>
  postFormTo(request, server.baseURL, name, fields);

const cards = (page: Page) => page.getByTestId("submission-card");
const bell = (page: Page) => page.locator('header a[href="/admin/submissions?status=new"]');
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const inbox = (page: Page, search = "") => page.goto(`${server.baseURL}/admin/submissions${search}`);
/** The inbox of the shared e2e server. */
const sharedInbox = (page: Page, search = "") => page.goto(`/admin/submissions${search}`);

test.describe("a server of its own", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async () => {
    server = await startPrivateServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("a submission from each public form appears at the top of the inbox with its badge", async ({
    page,
    context,
    request,
  }) => {
    // The home appointment form and the booking and suite forms through their JSON endpoint …
    await postForm(request, "appointment", [
      ["firstName", people.appointment.first],
      ["lastName", people.appointment.last],
      ["email", people.appointment.email],
      ["phone", "(713) 555-0101"],
      ["message", '=HYPERLINK("http://evil.example")'],
    ]);
    // … the contact form through the real page.
    await page.goto(`${server.baseURL}/contact`);
    await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
    const form = page.locator("#contact-form form");
    await form.getByLabel("Name").fill(people.contact.name);
    await form.getByLabel("Email").fill(people.contact.email);
    await form.getByLabel("Phone").fill("(713) 555-0102");
    await form.getByLabel("Service").selectOption("spa-package");
    await form.getByLabel("Message").fill(`Do you have gift cards? Ref ${tag}`);
    await form.getByRole("button", { name: CONTACT_FORM.submit }).click();
    await expect(page.locator("[data-toast]").filter({ hasText: "Message sent successfully!" })).toBeVisible();

    const date = openDayFromToday(9);
    // A booking request with a preferred date and time, as the service pages' old request form
    // stored them (and POST /api/submit-form still takes them): the inbox keeps showing them.
    const booked = await request.post(`${server.baseURL}/api/submit-form`, {
      headers: { Origin: server.baseURL },
      data: {
        formType: "Booking",
        name: `${people.booking.first} ${people.booking.last}`,
        email: people.booking.email,
        phone: "(713) 555-0103",
        service: SERVICE_OPTIONS.hair[0],
        preferredDate: date,
        preferredTime: "2:00 PM",
        message: "Window seat, please.",
        agreeToTerms: true,
      },
    });
    expect(booked.status(), await booked.text()).toBe(200);
    await postForm(request, "suite-application", [
      ["email", people.suite.email],
      ["fullName", people.suite.name],
      ["phoneNumber", "(713) 555-0104"],
      ["specialty", "Lash and brow artist"],
      ["address", "12 Elm St"],
      ["city", "Houston"],
      ["state", "TX"],
      ["zipCode", "77006"],
      ["instagram", "@sofia.lashes"],
      ["communicationPreference", "text"],
      ["professionalLicenseId", `TX-${tag}`],
      ["businessName", "Sofia Lash Studio"],
      ["howFoundOut", "referral"],
      ["educationExperience", "Licensed lash artist since 2019.\nTrained in volume sets."],
      ["servicesProvided", "Lash extensions, lifts and tints"],
      ["typicalAnnualIncome", "50k-75k"],
      ["suiteLeasingExperience", "no"],
      ["suiteSizes", "Small Suites"],
      ["suiteSizes", "Hair Stations"],
      ["desiredOccupancyDate", date],
    ]);

    await signIn(context, "admin");
    await inbox(page);
    await expect(cards(page)).toHaveCount(4);
    const expected = [
      [people.suite.name, "Suite Application"],
      [`${people.booking.first} ${people.booking.last}`, "Booking"],
      [people.contact.name, "Contact"],
      [`${people.appointment.first} ${people.appointment.last}`, "Appointment Request"],
    ];
    for (const [i, [name, badge]] of expected.entries()) {
      const card = cards(page).nth(i);
      await expect(card.getByRole("heading")).toHaveText(name);
      await expect(card.locator("[data-form-type]")).toHaveText(badge);
      await expect(card.locator("[data-status]").first()).toHaveText("New");
    }
    // The card shows the spec's fields: email, phone, time (US style), service, preferred date and time, message.
    const booking = cards(page).nth(1);
    await expect(booking).toContainText(people.booking.email);
    await expect(booking).toContainText("(713) 555-0103");
    await expect(booking).toContainText(SERVICE_OPTIONS.hair[0]);
    await expect(booking).toContainText(`${format(parseISO(date), "EEE, MMM d, yyyy")} at 2:00 PM`);
    await expect(booking).toContainText("Window seat, please.");
    await expect(booking.locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/);
    await expect(cards(page).nth(2)).toContainText("Spa Packages");
    await expect(bell(page)).toHaveAttribute("aria-label", "4 unread submissions");
    // axe on the list.
    await expectNoAxeViolations(page);
  });

  test("the search box and the type filter find submissions, and the URL carries them", async ({ page, context }) => {
    await signIn(context, "admin");
    await inbox(page);
    await page.getByLabel("Search submissions").fill(`book${tag.toUpperCase()}`);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`q=book${tag.toUpperCase()}`));
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first().getByRole("heading")).toHaveText(`${people.booking.first} ${people.booking.last}`);

    // The type filter submits as it changes. (What a search or a type in the URL finds, and the
    // empty result's Clear the filters, are checked over HTTP.)
    await inbox(page);
    await page.getByLabel("Form type").selectOption("Suite Application");
    await expect(page).toHaveURL(/type=Suite\+Application/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first().locator("[data-form-type]")).toHaveText("Suite Application");
    await page.getByLabel("Form type").selectOption("appointment_request");
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first().getByRole("heading")).toHaveText(
      `${people.appointment.first} ${people.appointment.last}`,
    );
  });

  test("opening a submission shows every field, marks it read and the bell count drops", async ({ page, context }) => {
    await signIn(context, "admin");
    await inbox(page);
    await expect(bell(page)).toHaveAttribute("aria-label", "4 unread submissions");
    await cards(page).first().getByRole("link", { name: people.suite.name, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/submissions\/\d+$/);
    await expect(page.getByRole("heading", { level: 2, name: people.suite.name })).toBeVisible();
    await expect(page.getByTestId("detail-status")).toHaveText("Read");
    await expect(bell(page)).toHaveAttribute("aria-label", "3 unread submissions");
    await expect(page.getByTestId("unread-count")).toHaveText("3");

    const suite = page.getByTestId("suite-details");
    for (const [label, value] of [
      ["Address", "12 Elm St"],
      ["Zip Code", "77006"],
      ["Preferred Communication", "Text"],
      ["Instagram", "@sofia.lashes"],
      ["Professional License ID", `TX-${tag}`],
      ["Business Name", "Sofia Lash Studio"],
      ["How they heard about us", "Referral"],
      ["Typical Annual Income", "$50,000 – $75,000"],
      ["Leased a suite before", "No"],
      ["Suite sizes", "Small Suites, Hair Stations"],
    ]) {
      await expect(
        suite
          .locator("div")
          .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
          .locator("dd"),
      ).toHaveText(value);
    }
    await expect(suite).toContainText("Licensed lash artist since 2019.\nTrained in volume sets.");
    await expect(
      suite
        .locator("div")
        .filter({ has: page.locator("dt", { hasText: /^TikTok$/ }) })
        .locator("dd"),
    ).toHaveText("Not provided");
    await expect(page.getByRole("link", { name: "Open in your mail app" })).toHaveAttribute(
      "href",
      new RegExp(`^mailto:${people.suite.email}\\?subject=`),
    );
    // The staff notification and the visitor's confirmation are listed with their delivery.
    const mails = page.getByTestId("detail-mails");
    await expect(mails).toContainText("Staff notification");
    await expect(mails).toContainText("Confirmation to the visitor");
    await expect(mails).toContainText(`To ${people.suite.email}`);
    // axe on the detail.
    await expectNoAxeViolations(page);

    // Mark as unread puts it back to new.
    await page.getByRole("button", { name: "Mark as unread" }).click();
    await expect(page).toHaveURL(/\/admin\/submissions$/);
    await expect(toast(page, "Marked as unread")).toBeVisible();
    await expect(bell(page)).toHaveAttribute("aria-label", "4 unread submissions");
  });
});

test.describe("on the shared server, rows of its own", () => {
  test("archive, spam and restore move a submission between the views", async ({ page, context, baseURL, request }) => {
    await signInMain(context, baseURL!, "admin");
    // A bot fills the honeypot: the row is kept as spam, out of the inbox.
    const spamEmail = `spam-${tag}@example.com`;
    const spam = await postFormTo(request, baseURL!, "contact", [
      ["name", `Spammy ${tag}`],
      ["email", spamEmail],
      ["message", "Cheap followers"],
      [HONEYPOT_FIELD, "http://spam.example"],
    ]);
    await sharedInbox(page, `?q=${spamEmail}`);
    await expect(page.getByText("No submissions match these filters")).toBeVisible();
    await page.getByRole("link", { name: /^Spam/ }).click();
    await expect(page).toHaveURL(/status=spam/);
    await expect(cards(page)).toHaveCount(1);
    await cards(page)
      .first()
      .getByRole("button", { name: /^Restore/ })
      .click();
    await expect(toast(page, "Restored to the inbox")).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    const restored = await e2eDb()
      .selectFrom("form_submissions")
      .select("status")
      .where("id", "=", spam.id)
      .executeTakeFirstOrThrow();
    expect(restored.status).toBe("new");

    await sharedInbox(page, `?q=${spamEmail}`);
    await cards(page)
      .first()
      .getByRole("button", { name: /^Archive/ })
      .click();
    await expect(toast(page, "Submission archived")).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await page.getByRole("link", { name: /^Archived/ }).click();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first().locator("[data-status]").first()).toHaveText("Archived");
  });

  test("the CSV export button downloads the filtered rows", async ({ page, context, baseURL, request }) => {
    await signInMain(context, baseURL!, "admin");
    const csvTag = `csv${randomBytes(3).toString("hex")}`;
    for (const name of ["Ada", "Bo"]) {
      await postFormTo(request, baseURL!, "contact", [
        ["name", `${name} ${csvTag}`],
        ["email", `${name.toLowerCase()}-${csvTag}@example.com`],
        ["message", "Hello"],
      ]);
    }
    await postFormTo(request, baseURL!, "contact", [
      ["name", `Spammy ${csvTag}`],
      ["email", `spam-${csvTag}@example.com`],
      ["message", "Cheap followers"],
      [HONEYPOT_FIELD, "http://spam.example"],
    ]);
    await sharedInbox(page, `?q=${csvTag}`);
    await expect(cards(page)).toHaveCount(2);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
    expect(download.suggestedFilename()).toMatch(/^submissions-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs
      .readFileSync((await download.path())!, "utf8")
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toMatch(/^ID,Submitted/);
    expect(lines).toHaveLength(3);
    expect(lines.join("\n")).toContain(`ada-${csvTag}@example.com`);
    expect(lines.join("\n")).toContain(`bo-${csvTag}@example.com`);
  });

  test("an editor sees no delete action; an admin deletes after a confirm", async ({
    page,
    context,
    browser,
    baseURL,
    request,
  }) => {
    const { id } = await postFormTo(request, baseURL!, "appointment", [
      ["firstName", people.appointment.first],
      ["lastName", people.appointment.last],
      ["email", people.appointment.email],
      ["phone", "(713) 555-0101"],
    ]);

    await signInMain(context, baseURL!, "editor");
    await page.goto(`/admin/submissions/${id}`);
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(
      `${people.appointment.first} ${people.appointment.last}`,
    );
    await expect(page.getByRole("button", { name: "Archive" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Delete/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /spam/i })).toHaveCount(0);

    const adminContext = await browser.newContext();
    try {
      await signInMain(adminContext, baseURL!, "admin");
      const admin = await adminContext.newPage();
      await admin.goto(`${baseURL}/admin/submissions/${id}`);
      await admin.getByRole("button", { name: "Delete" }).click();
      const dialog = admin.getByRole("alertdialog", { name: "Delete this submission?" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await admin.getByRole("button", { name: "Delete" }).click();
      await admin.getByRole("alertdialog").getByRole("button", { name: "Delete submission" }).click();
      await expect(admin).toHaveURL(/\/admin\/submissions$/);
      await expect(toast(admin, "Submission deleted")).toBeVisible();
      expect(
        await e2eDb().selectFrom("form_submissions").select("id").where("id", "=", id).executeTakeFirst(),
      ).toBeUndefined();
      await admin.goto(`${baseURL}/admin/submissions/${id}`);
      await expect(admin.getByRole("heading", { name: "Submission not found" })).toBeVisible();
    } finally {
      await adminContext.close();
    }
  });

  test("thousands of rows page 25 at a time, and the page is in the URL", async ({ page, context, baseURL }) => {
    const pageTag = `pg${randomBytes(3).toString("hex")}`;
    const rows = Array.from({ length: 60 }, (_, i) => ({
      form_type: i % 2 ? "Contact" : "Newsletter",
      name: `Paged ${pageTag} ${String(i).padStart(2, "0")}`,
      email: `${pageTag}-${i}@example.com`,
      status: "read" as const,
      created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    }));
    await e2eDb().insertInto("form_submissions").values(rows).execute();

    await signInMain(context, baseURL!, "admin");
    await sharedInbox(page, `?q=${pageTag}`);
    await expect(cards(page)).toHaveCount(25);
    await expect(page.getByTestId("result-summary")).toHaveText(
      `Showing 1–25 of 60 inbox submissions matching “${pageTag}”`,
    );
    await expect(cards(page).first().getByRole("heading")).toHaveText(`Paged ${pageTag} 59`);
    const pages = page.getByRole("navigation", { name: "Pages" });
    await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await pages.getByRole("link", { name: "Page 3" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${pageTag}&page=3$`));
    await expect(cards(page)).toHaveCount(10);
    await expect(cards(page).last().getByRole("heading")).toHaveText(`Paged ${pageTag} 00`);
    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/page=2$/);
    await expect(cards(page).first().getByRole("heading")).toHaveText(`Paged ${pageTag} 34`);
    // The type filter keeps the search and starts again at page 1.
    await page.getByLabel("Form type").selectOption("Newsletter");
    await expect(page).toHaveURL(new RegExp(`\\?q=${pageTag}&type=Newsletter$`));
    await expect(page.getByTestId("result-summary")).toContainText("of 30 inbox submissions");
  });
});
