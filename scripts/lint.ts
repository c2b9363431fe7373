import { LINT_CHECKS, runChecks } from "./lib/lint-checks.ts";

/** `npm run lint`: the type-check, ESLint, Prettier and the import check, side by side (scripts/lib/lint-checks.ts). */
const passed = await runChecks(LINT_CHECKS, (text) => process.stdout.write(text));
process.exit(passed ? 0 : 1);
