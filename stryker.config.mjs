// @ts-check
/**
 * Mutation testing: `npm run test:mutation` (docs/mutation-testing.md). Stryker changes the code in small
 * ways (a `<` for a `<=`, a condition for `true`, a string for "") and runs the tests that cover each
 * change; a change no test fails on "survives" and points at a line the tests do not really check.
 * Not part of `npm test`: it runs the covering tests once per mutant, tens of minutes on two cores.
 * One area: `npm run test:mutation -- --mutate "app/server/auth/throttle.server.ts"`.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  // MUTATION_TESTS=unit: the unit tests alone (vitest.mutation.unit.config.ts), for the pure modules.
  vitest: {
    configFile: process.env.MUTATION_TESTS === "unit" ? "vitest.mutation.unit.config.ts" : "vitest.mutation.config.ts",
  },
  coverageAnalysis: "perTest",
  mutate: [
    // The booking engine and its rules
    "app/lib/booking/availability.ts",
    "app/lib/booking/working-hours.ts",
    "app/lib/booking/service-options.ts",
    "app/lib/booking/settings.ts",
    "app/lib/booking/model.ts",
    "app/server/booking/model.server.ts",
    "app/server/booking/engine/day-availability.server.ts",
    "app/server/booking/engine/upcoming-days.server.ts",
    "app/server/booking/engine/resources.server.ts",
    "app/server/booking/engine/reserve.server.ts",
    // The booking commands
    "app/server/booking/commands/client-actions.server.ts",
    "app/server/booking/commands/desk-actions.server.ts",
    "app/server/booking/commands/booking-change.server.ts",
    "app/server/booking/commands/request-expiry.server.ts",
    "app/server/booking/commands/bulk-decline.server.ts",
    "app/server/booking/engine/client-cap.server.ts",
    "app/server/booking/engine/booking-limit.server.ts",
    // Sign-in and throttling
    "app/server/auth/throttle.server.ts",
    "app/server/auth/session.server.ts",
    "app/server/auth/password.server.ts",
    "app/server/auth/totp.server.ts",
    // Form validation
    "app/lib/forms/*.ts",
    "!app/**/*.test.ts",
  ],
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 20_000,
  // The first run (every covering test once) takes minutes on a busy machine: more than the default 5.
  dryRunTimeoutMinutes: 30,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  thresholds: { high: 85, low: 75, break: null },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
