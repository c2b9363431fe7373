import { defineConfig } from "vitest/config";
import { RUN_TEMP_DIR } from "./vitest.config.ts";

/** `npm run test:generated`: only the generated-pages suite, which builds and serves its own site. */
export default defineConfig({
  test: {
    environment: "node",
    include: ["tests/e2e/generated-pages.whole.test.ts"],
    globalSetup: [RUN_TEMP_DIR, "tests/e2e/support/chromium-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 600_000,
    reporters: ["verbose"],
  },
});
