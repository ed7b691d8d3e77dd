import { expect, test, type Page } from "@playwright/test";
import { currentTotpCode } from "~/server/auth/totp.server";
import { expectNoAxeViolationsAtBothWidths } from "./support/a11y";
import { gotoHydrated, signInAsUser, waitForHydration } from "./support/admin-pages";
import { createUser, OWNER, signIn } from "./support/auth";
import { e2eDb } from "./support/db";

/**
 * Signing in and out of the admin, sessions, users and two-factor, as a person does them in the
 * browser. What the server answers (statuses, cookies, the throttle, role refusals, redirects) is
 * checked over HTTP in tests/integration/http/admin-access.test.ts.
 */

/** Opens a screen and waits until React runs its forms (typing and clicks then reach it). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

async function submitLogin(page: Page, email: string, password: string) {
  await open(page, "/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test.describe("admin login", () => {
  test("signs in with the right password, toasts and lands on the dashboard", async ({ page }) => {
    await submitLogin(page, OWNER.email, OWNER.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText("Welcome back!")).toBeVisible();
    await expect(page.getByText("Successfully logged in to admin panel")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    // The avatar shows the first two letters of the e-mail.
    await expect(page.getByRole("img", { name: /Signed in as owner@aurelia.test/ })).toHaveText("OW");
  });

  test("a wrong password shows the generic message in the form and stays on the login page", async ({ page }) => {
    await submitLogin(page, OWNER.email, "not-the-password");
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page).toHaveURL(/\/admin\/login/);
    // The form can be used again at once.
    await expect(page.getByLabel("Email")).toBeEditable();
  });
});

test.describe("signed in", () => {
  test("an editor whose role is taken away meanwhile is told so on the login page at the next click", async ({
    page,
    context,
    baseURL,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    // A user of its own: its role is taken away below.
    const editor = await createUser("editor");
    await signInAsUser(context, baseURL!, e2eDb(), editor.id);
    await page.goto("/admin/dashboard");
    await waitForHydration(page, 'nav[aria-label="Admin"] a[href="/admin/pages"]');
    await e2eDb().deleteFrom("user_roles").where("user_id", "=", editor.id).execute();
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Pages" }).click();
    await expect(page).toHaveURL(/\/admin\/login/);
    await expect(page.getByRole("alert")).toContainText(
      "Access removed. Your account no longer has access to the admin.",
    );
    expect(errors).toEqual([]);
  });

  test("logout toasts and ends the session for every tab", async ({ context, baseURL }) => {
    // A user and session of its own: the session ends below.
    await signInAsUser(context, baseURL!, e2eDb(), (await createUser("admin")).id);
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto("/admin/dashboard");
    // The other tab listens for sign-outs once React runs it.
    await gotoHydrated(second, "/admin/pages");
    await first.getByRole("button", { name: "Logout" }).click();
    await expect(first).toHaveURL(/\/admin\/login$/);
    await expect(first.getByText("Logged out", { exact: true })).toBeVisible();
    await expect(first.getByText("You have been successfully logged out")).toBeVisible();
    // The other tab goes to the login page as soon as it hears of it.
    await expect(second).toHaveURL(/\/admin\/login$/);
  });

  test("'Sign out other sessions' ends the other browser's session", async ({ browser, baseURL }) => {
    const user = await createUser("editor");
    const phone = await browser.newContext();
    const laptop = await browser.newContext();
    try {
      await signInAsUser(phone, baseURL!, e2eDb(), user.id);
      await signInAsUser(laptop, baseURL!, e2eDb(), user.id);
      const laptopPage = await laptop.newPage();
      await open(laptopPage, "/admin/settings");
      await laptopPage.getByRole("button", { name: "Sign out other sessions" }).click();
      await expect(laptopPage.getByText("Your other sessions were signed out")).toBeVisible();
      const phonePage = await phone.newPage();
      await phonePage.goto("/admin/dashboard");
      await expect(phonePage).toHaveURL(/\/admin\/login/);
      await laptopPage.goto("/admin/dashboard");
      await expect(laptopPage).toHaveURL(/\/admin\/dashboard$/);
    } finally {
      await phone.close();
      await laptop.close();
    }
  });

  test("changing the password: a wrong current one changes nothing; the new one signs in, the old one no longer does", async ({
    page,
    browser,
    baseURL,
  }) => {
    const user = await createUser("editor");
    const other = await browser.newContext();
    try {
      await signInAsUser(other, baseURL!, e2eDb(), user.id);
      await submitLogin(page, user.email, user.password);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await open(page, "/admin/settings");
      const card = page
        .locator("section")
        .filter({ has: page.getByRole("heading", { level: 2, name: "Password", exact: true }) });
      // A password manager is told whose password this is, and updates that entry.
      await expect(card.locator('input[autocomplete="username"]')).toHaveValue(user.email);

      await card.getByLabel("Current password", { exact: true }).fill("not-the-password");
      await card.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
      await card.getByLabel("Repeat new password").fill("a-brand-new-password");
      await card.getByRole("button", { name: "Change password" }).click();
      await expect(card.getByText("The current password is not right")).toBeVisible();

      await card.getByLabel("Current password", { exact: true }).fill(user.password);
      await card.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByText("Password changed. Your other sessions were signed out.")).toBeVisible();
      // The other browser's session ended with the old password.
      const otherPage = await other.newPage();
      await otherPage.goto("/admin/dashboard");
      await expect(otherPage).toHaveURL(/\/admin\/login/);

      await page.context().clearCookies();
      await submitLogin(page, user.email, user.password);
      await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
      await submitLogin(page, user.email, "a-brand-new-password");
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
    } finally {
      await other.close();
    }
  });

  test("removing a user asks first: Cancel keeps them, Remove user removes them", async ({
    page,
    context,
    baseURL,
  }) => {
    const doomed = await createUser("editor");
    await signIn(context, baseURL!, "admin");
    await open(page, "/admin/settings");
    const users = page.getByTestId("users-section");
    await users.getByRole("button", { name: `Remove ${doomed.email}` }).click();
    const dialog = page.getByRole("alertdialog", { name: `Remove ${doomed.email}?` });
    await expect(dialog).toContainText("They will no longer be able to sign in.");
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(users.getByRole("button", { name: `Remove ${doomed.email}` })).toBeFocused();
    await expect(users.getByRole("cell", { name: doomed.email, exact: true })).toBeVisible();

    await users.getByRole("button", { name: `Remove ${doomed.email}` }).click();
    await dialog.getByRole("button", { name: "Remove user" }).click();
    await expect(users.getByRole("cell", { name: doomed.email, exact: true })).toHaveCount(0);
    const row = await e2eDb().selectFrom("users").select("id").where("email", "=", doomed.email).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  test("two-factor: enrol an authenticator app (its recovery codes shown once), then sign in with a generated code; axe on Settings and the code's page at 1280 and 390 px in both themes", async ({
    page,
    context,
    baseURL,
  }) => {
    const user = await createUser("editor");
    await signInAsUser(context, baseURL!, e2eDb(), user.id);
    await open(page, "/admin/settings");
    const section = page.getByTestId("two-factor");
    await section.getByRole("button", { name: "Set up authenticator app" }).click();
    await expect(section.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const secret = (await section.getByTestId("totp-secret").textContent())!.trim();
    await section.getByLabel("Code from the app").fill(currentTotpCode(secret));
    await section.getByRole("button", { name: "Verify and turn on" }).click();
    await expect(section.getByText("You are asked for a code at every sign-in")).toBeVisible();
    await expect(section.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
    // Settings with the codes shown and the sessions named ("Chrome on Linux"), fitting a phone.
    await expectNoAxeViolationsAtBothWidths(page, { exclude: ["[data-sonner-toaster]"] });

    await context.clearCookies();
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/admin\/login\/verify/);
    await expect(page.getByLabel("Authentication code")).toBeVisible();
    await waitForHydration(page);
    await page.getByLabel("Authentication code").fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("alert")).toContainText("That code is not valid");
    await expectNoAxeViolationsAtBothWidths(page);
    await page.getByLabel("Authentication code").fill(currentTotpCode(secret));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText("Welcome back!")).toBeVisible();
  });
});

// The dashboard (in both themes) and settings are scanned in failed-sign-ins.spec.ts, with its notice
// and list shown.
test("axe finds nothing on the login page at 1280 and 390 px in both themes", async ({ page }) => {
  await open(page, "/admin/login");
  await expect(page.getByText("Only authorised administrators may enter")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
});
