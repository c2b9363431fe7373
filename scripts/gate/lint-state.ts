import { keepLintState, restoreLintState } from "../lint/lint-checks.ts";

/** `.ci/run` keeps the lint's state between its runs: `restore <folder>` before `npm run lint`, `keep <folder>` after. */
const [command, folder] = process.argv.slice(2);
if (command === "keep" && folder) keepLintState(folder);
else if (command === "restore" && folder) restoreLintState(folder);
else throw new Error("usage: tsx scripts/gate/lint-state.ts keep|restore <folder>");
