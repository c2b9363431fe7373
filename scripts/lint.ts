import { LINT_CHECKS, runChecks } from "./lint/lint-checks.ts";

/** `npm run lint`: the type-check, ESLint, Prettier and the import check, side by side (scripts/lint/lint-checks.ts). */
const passed = await runChecks(LINT_CHECKS, (text) => process.stdout.write(text));
process.exit(passed ? 0 : 1);
