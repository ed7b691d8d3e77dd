import { defineConfig } from "vitest/config";
import base from "./vitest.config";

/**
 * The tests Stryker runs against each mutant (stryker.config.mjs): the unit and integration tests
 * that import the app's modules in-process. The HTTP tests start the production build in a child
 * process, where Stryker can neither switch mutants on nor see coverage, so they stay out, and so
 * does the build in the global setup.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
    exclude: ["tests/integration/http/**", "**/node_modules/**"],
    globalSetup: ["tests/support/mutation-setup.ts"],
  },
});
