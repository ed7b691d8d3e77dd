import { test } from "@playwright/test";
for (const theme of ["light", "dark"] as const)
  test(`shots ${theme}`, async ({ browser }) => {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 }, colorScheme: theme, timezoneId: "Pacific/Auckland" });
      const page = await context.newPage();
      for (const path of ["/book/hair", "/services/hair", "/"]) {
        await page.goto(path + (path === "/" ? "#appointment-section" : ""), { waitUntil: "load" });
        await page.waitForTimeout(500);
        const name = path.replaceAll("/", "_") || "home";
        const h = width === 390 ? 1500 : 1100;
        for (const [i, y] of [0, h].entries())
          await page.screenshot({ path: `/tmp/phone-shots/${name}-${width}-${theme}-${i}.png`, fullPage: true, clip: { x: 0, y, width, height: h } });
      }
      await context.close();
    }
  });
