import { expect, test } from "@playwright/test";
import { E2E_RATE_LIMIT_PORT } from "../../playwright.config";
import { currentTotpCode } from "~/server/auth/totp.server";
import { createUser, OWNER, signIn } from "./support/auth";
import { e2eDb } from "./support/db";

test.describe("admin login", () => {
  test("signs in with the right password, toasts and lands on the dashboard", async ({ page }) => {
    await page.goto("/admin/login");
    await expect(page.getByText("Only authorised administrators may enter")).toBeVisible();
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText("Welcome back!")).toBeVisible();
    await expect(page.getByText("Successfully logged in to admin panel")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    // The avatar shows the first two letters of the e-mail.
    await expect(page.getByRole("img", { name: /Signed in as owner@aurelia.test/ })).toHaveText("OW");
    // Signed in already: the login page sends straight to the dashboard.
    await page.goto("/admin/login");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("a wrong password gets one generic message", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await page.getByLabel("Email").fill("nobody@aurelia.test");
    await page.getByLabel("Password").fill("whatever-it-is");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page).toHaveURL(/\/admin\/login/);
  });

  test("a user without a role is refused with 'You don't have admin access'", async ({ page }) => {
    const user = await createUser(null);
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("You don't have admin access");
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login/);
  });

  test("the admin is guarded: no session, no admin page", async ({ page }) => {
    await page.goto("/admin/settings");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fsettings/);
  });

  test("after five failures the account is throttled with a clear message", async ({ page }) => {
    const base = `http://127.0.0.1:${E2E_RATE_LIMIT_PORT}`;
    await page.goto(`${base}/admin/login`);
    for (let i = 0; i < 5; i++) {
      await page.getByLabel("Email").fill(OWNER.email);
      await page.getByLabel("Password").fill(`wrong-${i}`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    }
    // Even the right password is refused while the lock lasts.
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toContainText("Too many failed sign-in attempts. Please wait");
    await expect(page).toHaveURL(/\/admin\/login/);
  });
});

test.describe("signed in", () => {
  test("the dashboard counts a new submission and the bell shows it unread", async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    await signIn(context, baseURL!);
    await page.goto("/admin/dashboard");
    const card = page.getByTestId("stat-form-submissions");
    const before = Number(await card.locator("[data-stat-value]").textContent());
    const response = await request.post("/api/submit-form", {
      data: { formType: "Contact", name: "Dash Board", email: "dash@example.com" },
    });
    expect(response.status()).toBe(200);
    await page.reload();
    await expect(card.locator("[data-stat-value]")).toHaveText(String(before + 1));
    await expect(page.getByTestId("unread-count")).toBeVisible();
    await expect(page.getByTestId("recent-activity")).toBeVisible();
  });

  test("logout toasts and ends the session for every tab", async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    await signIn(context, baseURL!);
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto("/admin/dashboard");
    await second.goto("/admin/settings");
    await first.getByRole("button", { name: "Logout" }).click();
    await expect(first).toHaveURL(/\/admin\/login$/);
    await expect(first.getByText("Logged out", { exact: true })).toBeVisible();
    await expect(first.getByText("You have been successfully logged out")).toBeVisible();
    // The other tab goes to the login page as soon as it hears of it (or regains focus).
    await expect(second).toHaveURL(/\/admin\/login$/);
    await context.close();
  });

  test("'Sign out other sessions' ends the other browser's session", async ({ browser, baseURL }) => {
    const user = await createUser("editor");
    const phone = await browser.newContext();
    const laptop = await browser.newContext();
    for (const context of [phone, laptop]) {
      const page = await context.newPage();
      await page.goto("/admin/login");
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password").fill(user.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
    }
    const laptopPage = laptop.pages()[0];
    await laptopPage.goto("/admin/settings");
    await laptopPage.getByRole("button", { name: "Sign out other sessions" }).click();
    await expect(laptopPage.getByText("Your other sessions were signed out")).toBeVisible();
    const phonePage = phone.pages()[0];
    await phonePage.goto("/admin/dashboard");
    await expect(phonePage).toHaveURL(/\/admin\/login/);
    await laptopPage.goto("/admin/dashboard");
    await expect(laptopPage).toHaveURL(/\/admin\/dashboard$/);
    void baseURL;
    await phone.close();
    await laptop.close();
  });

  test("an editor sees no user management and the server refuses it", async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!, "editor");
    await page.goto("/admin/settings");
    await expect(page.getByRole("heading", { name: "Business profile" })).toBeVisible();
    await expect(page.getByTestId("users-section")).toHaveCount(0);
    const response = await page.request.post("/admin/settings", {
      form: { intent: "create-user", email: "sneaky@aurelia.test", role: "admin" },
      headers: { origin: baseURL! },
    });
    expect(response.status()).toBe(403);
    const created = await e2eDb().selectFrom("users").select("id").where("email", "=", "sneaky@aurelia.test").execute();
    expect(created).toHaveLength(0);
  });

  test("an admin creates an editor, and the last admin cannot lose the role", async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!, "admin");
    await page.goto("/admin/settings");
    const users = page.getByTestId("users-section");
    const email = `new-editor-${Date.now()}@aurelia.test`;
    await users.getByLabel("New user's email").fill(email);
    await users.getByRole("button", { name: "Create user" }).click();
    await expect(users.getByRole("status")).toContainText("Password for the new user");
    await expect(users.getByRole("cell", { name: email, exact: true })).toBeVisible();
    const row = await e2eDb()
      .selectFrom("users")
      .innerJoin("user_roles", "user_roles.user_id", "users.id")
      .select("user_roles.role")
      .where("users.email", "=", email)
      .executeTakeFirst();
    expect(row?.role).toBe("editor");
  });

  test("two-factor: enrol an authenticator app, then sign in with a generated code", async ({ browser, baseURL }) => {
    const user = await createUser("editor");
    const context = await browser.newContext();
    const page = await context.newPage();
    const login = async () => {
      await page.goto("/admin/login");
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password").fill(user.password);
      await page.getByRole("button", { name: "Sign in" }).click();
    };
    await login();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto("/admin/settings");
    const section = page.getByTestId("two-factor");
    await section.getByRole("button", { name: "Set up authenticator app" }).click();
    await expect(section.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const secret = (await section.getByTestId("totp-secret").textContent())!.trim();
    await section.getByLabel("Code from the app").fill(currentTotpCode(secret));
    await section.getByRole("button", { name: "Verify and turn on" }).click();
    await expect(section.getByText("You are asked for a code at every sign-in")).toBeVisible();

    await context.clearCookies();
    await login();
    await expect(page).toHaveURL(/\/admin\/login\/verify/);
    // The password alone reaches no admin screen.
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login\/verify/);
    await page.getByLabel("Authentication code").fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("alert")).toContainText("That code is not valid");
    const code = currentTotpCode(secret);
    await page.getByLabel("Authentication code").fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText("Welcome back!")).toBeVisible();

    // Someone who saw that code (and knows the password) cannot use it again.
    await context.clearCookies();
    await login();
    await expect(page).toHaveURL(/\/admin\/login\/verify/);
    await page.getByLabel("Authentication code").fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("alert")).toContainText("That code is not valid");
    void baseURL;
    await context.close();
  });
});
