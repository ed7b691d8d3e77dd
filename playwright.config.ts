import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, NO_BROWSER, TEST_BROWSER, TEST_BROWSER_PATH } from "./scripts/chromium";
import { ensureBuild } from "./scripts/ensure-build";
import { createDatabase, databaseUrl, e2eCluster } from "./tests/e2e/support/database-url";

/**
 * Browser tests in Chromium (scripts/chromium.ts finds it) against the production build, on one
 * shared server (rate limits raised so tests don't trip over each other; the limits themselves are
 * checked over HTTP).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

// Before the build, which takes a while: without a browser no test can run.
if (!TEST_BROWSER) {
  console.error(NO_BROWSER);
  process.exit(1);
}

// The config is evaluated in the runner and in every worker: build and make data dirs only once.
if (!process.env.TEST_WORKER_INDEX) ensureBuild();
const dataRoot = process.env.E2E_DATA_ROOT ?? fs.mkdtempSync(path.join(os.tmpdir(), "salon-e2e-"));
process.env.E2E_DATA_ROOT = dataRoot;

// On PostgreSQL (npm test's second end-to-end run) each server has a database of its own.
const serverDatabases = { main: "e2e_main" } as const;
if (e2eCluster) {
  if (!process.env.TEST_WORKER_INDEX) for (const name of Object.values(serverDatabases)) await createDatabase(name);
  process.env.E2E_DATABASE_URL = databaseUrl(serverDatabases.main);
}

const serverEnv = (port: number, name: keyof typeof serverDatabases, extra: Record<string, string> = {}) => ({
  DATABASE_URL: e2eCluster ? databaseUrl(serverDatabases[name]) : "",
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: path.join(dataRoot, name),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  ADMIN_EMAIL: "owner@aurelia.test",
  ADMIN_PASSWORD: "correct-horse-battery",
  LOG_LEVEL: "warn",
  NODE_ENV: "production",
  IMAGE_PREWARM: "off",
  ...extra,
});

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Two workers keep both cores busy (sampled: 99 % for the whole layer); four took as long and
  // timed out more under load.
  workers: 2,
  // On CI a test that fails once gets one more try and is then reported as flaky, not passed.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // Recording a trace costs every test about a third of its time: record only a failed test's retry.
    trace: "on-first-retry",
    // Visitors who ask for less motion get no autoplay, smooth scrolling or animated toasts: the
    // suite browses as one of them (a tenth less CPU, and nothing moves under a click). The
    // carousel's tests ask for motion.
    reducedMotion: "reduce",
    launchOptions: { executablePath: TEST_BROWSER_PATH, args: CHROMIUM_ARGS },
  },
  // The whole browser suite runs on SQLite (desktop and mobile); on PostgreSQL, which has the whole
  // integration layer, `npm test` runs only the smoke story (project "postgres-smoke").
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      grepInvert: /@mobile/,
      testIgnore: "smoke.spec.ts",
    },
    {
      name: "mobile",
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } },
      grep: /@mobile/,
      testIgnore: "smoke.spec.ts",
    },
    {
      name: "postgres-smoke",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      testMatch: "smoke.spec.ts",
    },
  ],
  webServer: [
    {
      command: "node build/server.js",
      url: `http://127.0.0.1:${E2E_PORT}/healthz`,
      env: serverEnv(E2E_PORT, "main", {
        FORM_RATE_LIMIT: "100000",
        BOOKING_RATE_LIMIT: "100000",
        LOGIN_MAX_FAILURES: "100000",
      }),
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
