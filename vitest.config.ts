import { defineConfig } from "vitest/config";

// No reactRouter() plugin here: tests import modules directly.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    // Integration files spend much of their time waiting on servers and databases they start:
    // four workers on two cores measured 143 s for the whole run against 188 s with two.
    maxWorkers: 4,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
