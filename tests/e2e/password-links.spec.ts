import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolationsAtBothWidths, useTheme } from "./support/a11y";
import { waitForHydration } from "./support/admin-pages";
import { createUser, signIn } from "./support/auth";
import { e2eDb } from "./support/db";

/**
 * Invitation and password reset by e-mail, as a person does them: the link read from the outbox,
 * the set-password page, then signed in. Expiry, single use and tampering are checked on the
 * database (tests/integration/password-links.test.ts) and over HTTP (tests/integration/http/admin-access.test.ts).
 */

/** The path of the set-password link in the newest mail to an address. */
async function linkMailedTo(email: string): Promise<string> {
  // "Forgot password?" queues its mail after answering: wait for it.
  const newest = { body: "" };
  await expect
    .poll(async () => {
      const mail = await e2eDb()
        .selectFrom("mail_outbox")
        .select("text_body")
        .where("to_address", "=", email)
        .orderBy("id", "desc")
        .executeTakeFirst();
      newest.body = mail?.text_body ?? "";
      return newest.body;
    })
    .not.toBe("");
  return new URL(newest.body.match(/https?:\/\/\S+\/admin\/password\/[\w-]{43}/)![0]).pathname;
}

async function choosePassword(page: Page, password: string) {
  await page.getByLabel("New password").fill(password);
  await page.getByLabel("Repeat the password").fill(password);
  await page.getByRole("button", { name: "Set password and sign in" }).click();
}

test("@mobile an admin invites an editor on a phone (the users fit the screen); the invitee sets a password from the e-mail and is signed in; axe at 390 and 1280 px in both themes", async ({
  page,
  context,
  baseURL,
}) => {
  await useTheme(context, baseURL!, "dark");
  await signIn(context, baseURL!, "admin");
  await page.goto("/admin/settings");
  await waitForHydration(page);
  const users = page.getByTestId("users-section");
  const email = `invited-${Date.now()}@aurelia.test`;
  await users.getByLabel("New user's email").fill(email);
  await users.getByRole("button", { name: "Send invitation" }).click();
  await expect(users.getByRole("status")).toContainText(`Invitation sent to ${email}`);
  await expect(users.getByRole("button", { name: `Resend the invitation to ${email}` })).toBeVisible();
  // Nothing sticks out at 390 px: no Remove button, select or e-mail wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await context.clearCookies();
  await useTheme(context, baseURL!, "dark");
  await page.goto(await linkMailedTo(email));
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  await choosePassword(page, "my-own-new-password");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText("Password set")).toBeVisible();
});

test("Forgot password? on the sign-in page: the e-mailed link sets a new password and signs in; axe at 1280 and 390 px in both themes", async ({
  page,
}) => {
  const user = await createUser("editor");
  await page.goto("/admin/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/admin\/login\/forgot$/);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account uses this e-mail address");
  await expectNoAxeViolationsAtBothWidths(page);

  await page.goto(await linkMailedTo(user.email));
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await choosePassword(page, "a-brand-new-password");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
