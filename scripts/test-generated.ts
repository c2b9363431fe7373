/**
 * `npm run test:generated`: the generated-pages browser check (tests/e2e/generated-pages.whole.test.ts) on a larger sample
 * than CI's. It builds its own site, so it needs no prior build. Options:
 *
 *   npm run test:generated                         # seed 20261123, 2 max variants and 10 random pages per block type
 *   npm run test:generated -- --seed 42 --random 20 --max-variants 3
 *
 * GENERATED_KEEP=1 keeps the generated site-config/ and build in the temporary folder named in the output.
 */
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { catalogueError, checkErrors, checkLines } from "../contract/errors.ts";
import { findChromium } from "../toolchain/chromium.ts";
import { exitOnError, exitWith } from "../toolchain/fail.ts";
import { print } from "../toolchain/print.ts";
import { ROOT } from "../toolchain/paths.ts";

const { values, positionals } = parseArgs({
  options: {
    seed: { type: "string", default: "20261123" },
    random: { type: "string", default: "10" },
    "max-variants": { type: "string", default: "2" },
  },
  allowPositionals: true,
});

for (const [option, value] of Object.entries(values))
  if (!/^\d+$/.test(value)) exitWith(catalogueError(checkErrors.notWholeNumber, { option, value }));

try {
  findChromium();
} catch (error) {
  exitOnError(error);
}

const started = Date.now();
const result = spawnSync("npx", ["vitest", "run", "--config", "vitest.generated.config.ts", ...positionals], {
  cwd: ROOT,
  stdio: "inherit",
  env: {
    ...process.env,
    GENERATED_SEED: values.seed,
    GENERATED_RANDOM: values.random,
    GENERATED_MAX_VARIANTS: values["max-variants"],
  },
});
print(checkLines.generatedFinished, { seconds: Math.round((Date.now() - started) / 1000) });
process.exit(result.status ?? 1);
