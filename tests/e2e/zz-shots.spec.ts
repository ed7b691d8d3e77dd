import { expect, test } from "@playwright/test";
import { signIn } from "./support/auth";
import { useTheme } from "./support/a11y";
import { e2eDb } from "./support/db";

for (const [w, h, theme] of [[390, 844, "dark"], [1280, 800, "light"]] as const) {
  test(`shots ${w}`, async ({ page, context, baseURL, request }) => {
    test.setTimeout(120_000);
    for (const [i, size] of ["Small Suites", "Daily Rentals", "Hair Stations"].entries()) {
      const body = new URLSearchParams({ fullName: `Robin Vale ${i}`, email: `robin${i}${w}@example.com`, phoneNumber: "(713) 555-0199", specialty: "Esthetician", suiteSizes: size, desiredOccupancyDate: "2027-01-15", businessName: "Vale Skin", educationExperience: "Licensed 2019.\nAdvanced peels." });
      await request.post(`${baseURL}/api/forms/suite-application`, { headers: { Origin: baseURL!, "Content-Type": "application/x-www-form-urlencoded" }, data: body.toString() });
    }
    await useTheme(context, baseURL!, theme);
    await page.setViewportSize({ width: w, height: h });
    await page.goto("/suites?type=small#apply");
    await page.waitForTimeout(500);
    await page.locator("#apply").screenshot({ path: `/tmp/shots-applicants/suites-form-${w}.png` });
    await page.goto("/suites?sent=application#apply");
    await page.locator("#apply").screenshot({ path: `/tmp/shots-applicants/suites-sent-${w}.png` });
    await signIn(context, baseURL!, "admin");
    await page.goto("/admin/applicants");
    await page.screenshot({ path: `/tmp/shots-applicants/applicants-${w}.png`, fullPage: true });
    const row = await e2eDb().selectFrom("form_submissions").select("id").where("applicant_stage", "is not", null).orderBy("id", "desc").executeTakeFirst();
    await page.goto(`/admin/applicants/${row!.id}`);
    await page.screenshot({ path: `/tmp/shots-applicants/applicant-${w}.png`, fullPage: true });
    expect(true).toBe(true);
  });
}
