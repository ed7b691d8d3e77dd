import { defineConfig } from "vitest/config";
import mutation from "./vitest.mutation.config";

/**
 * The mutation run with the unit tests beside the code only (`MUTATION_TESTS=unit`, stryker.config.mjs):
 * for the pure modules in app/lib, whose callers' integration tests would otherwise all run against
 * each of their mutants, minutes instead of hours. It can only score lower than the full run.
 */
export default defineConfig({
  ...mutation,
  test: { ...mutation.test, include: ["app/**/*.test.{ts,tsx}"] },
});
