import { defineConfig } from "vitest/config";

// No reactRouter() plugin here: tests import modules directly.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "tests/integration/**/*.test.ts",
      "tests/support/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    environment: "node",
    // Only the tests of the background variant work turn it on (see README: IMAGE_PREWARM).
    env: { IMAGE_PREWARM: "off" },
    globalSetup: ["tests/support/global-setup.ts"],
    // Integration files spend much of their time waiting on servers and databases they start:
    // four workers on two cores measured 143 s for the whole run against 188 s with two.
    maxWorkers: 4,
    // Each worker imports the app's modules once and keeps them for every file it runs, instead of
    // a fresh module graph per file: a fifth less CPU for the whole run (importing was half of it).
    // No test mocks a module, and the ones that fake timers or spy restore them.
    isolate: false,
    // A guard against a test that hangs, not a speed check: under a second suite, stress and a
    // compiling install on two cores, HTTP tests that render a dozen pages took past 20 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
