import { expect, test } from "@playwright/test";
import { CONTACT_FORM } from "~/content/contact";
import { OWNER } from "./support/auth";

/**
 * The short browser run on PostgreSQL (the whole browser suite runs on SQLite; PostgreSQL has the
 * whole integration layer): an owner signs in, saves content and sees it on the public page, and a
 * visitor's message reaches the inbox. One story, in the order a person does it.
 */
test("sign in, save content, see it on the site; a visitor's message reaches the inbox", async ({ page }) => {
  const stamp = Date.now().toString(36);

  await test.step("the owner signs in with the login form", async () => {
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });

  const hours = `10:00 AM - 2:00 PM`;
  await test.step("an editor's save shows on the public page", async () => {
    await page.goto("/admin/edit/contact");
    await page.locator("[data-hydrated]").waitFor();
    await page.getByLabel("Monday").fill(hours);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Contact page updated successfully", { exact: true })).toBeVisible();
    await page.goto("/contact");
    const monday = page.getByRole("main").locator("[data-day]").filter({ hasText: "Monday" });
    await expect(monday.locator("dd")).toHaveText(hours);
  });

  const name = `Smoke Visitor ${stamp}`;
  await test.step("a visitor sends the contact form", async () => {
    await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
    const form = page.locator("#contact-form form");
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Email").fill(`smoke-${stamp}@example.com`);
    await form.getByLabel("Message").fill("Is Saturday free?");
    await form.getByRole("button", { name: CONTACT_FORM.submit }).click();
    await expect(page.locator("[data-toast]").filter({ hasText: "Message sent successfully!" })).toBeVisible();
  });

  await test.step("the message is in the inbox, with its fields", async () => {
    await page.goto("/admin/submissions");
    const card = page.getByTestId("submission-card").filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await card.getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Is Saturday free?");
  });
});
