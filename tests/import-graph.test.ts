import { describe, expect, it } from "vitest";
import { formatCatalogueError, importErrors } from "../contract/errors.ts";
import { importGraph, importProblems, projectSources } from "../scripts/lint/import-graph.ts";
import { ROOT } from "../toolchain/paths.ts";

const problemsOf = (sources: Record<string, string>) =>
  importProblems(importGraph(new Map(Object.entries(sources)))).map(formatCatalogueError);

describe("the import check of npm run lint", () => {
  it("reports a cycle closed by a dynamic import(), with the modules in order", () => {
    expect(
      problemsOf({
        "kit/ui/Toaster.tsx": 'const ToastList = lazy(() => import("./ToastList.tsx"));\n',
        "kit/ui/ToastList.tsx": 'import { toaster } from "./Toaster.tsx";\n',
      }),
    ).toEqual([
      "✖ LINT002 import cycle: kit/ui/Toaster.tsx → kit/ui/ToastList.tsx → kit/ui/Toaster.tsx\n" +
        "  Move what the modules share into a module of its own that imports neither.",
    ]);
  });

  it("reports a cycle of static imports and re-exports across folders", () => {
    expect(
      problemsOf({
        "blocks/a/A.tsx": 'import {\n  type B,\n} from "../b/B.tsx";\n',
        "blocks/b/B.tsx": 'export { c } from "../../kit/c.ts";\n',
        "kit/c.ts": 'import "../blocks/a/A.tsx";\n',
      }),
    ).toEqual([
      "✖ LINT001 kit/c.ts imports blocks/a/A.tsx: kit/ must not import blocks/\n" + `  ${importErrors.layer.hint}`,
      "✖ LINT002 import cycle: blocks/a/A.tsx → blocks/b/B.tsx → kit/c.ts → blocks/a/A.tsx\n" +
        "  Move what the modules share into a module of its own that imports neither.",
    ]);
  });

  it("refuses the tools importing each other, and the toolchain importing either, with no exception", () => {
    expect(
      problemsOf({
        "editor/bundle.ts": 'import { buildInputs } from "../scripts/pipeline/build-inputs.ts";\n',
        "scripts/migrate.ts": 'import { save } from "../editor/save.ts";\n',
        "toolchain/validate.ts": 'const gen = await import("../scripts/gen.ts");\n',
        "scripts/budgets.ts": 'import { manifests } from "../renderer/generated/block-manifests.ts";\n',
      }).map((problem) => problem.split("\n")[0]),
    ).toEqual([
      "✖ LINT001 editor/bundle.ts imports scripts/pipeline/build-inputs.ts: editor/ must not import scripts/",
      "✖ LINT001 scripts/migrate.ts imports editor/save.ts: scripts/ must not import editor/",
      "✖ LINT001 toolchain/validate.ts imports scripts/gen.ts: toolchain/ must not import scripts/",
      "✖ LINT001 scripts/budgets.ts imports renderer/generated/block-manifests.ts: scripts/ must not import renderer/",
    ]);
  });

  it("keeps the rooms of scripts/ below the commands, and each room to the rooms it stands on", () => {
    expect(
      problemsOf({
        "scripts/review.ts": 'import { run } from "./review/run.ts";\n',
        "scripts/review/run.ts":
          'import { measure } from "../budgets.ts";\nimport { affected } from "../pipeline/affected.ts";\n',
        "scripts/pipeline/affected.ts": 'import type { Review } from "../review/run.ts";\n',
        "scripts/measure/serve.ts": 'import { paths } from "../../toolchain/paths.ts";\n',
        "scripts/lint.ts": 'import { keep } from "./gate/lint-state.ts";\n',
        "scripts/budgets.ts": 'import { serve } from "./measure/serve.ts";\n',
      }).map((problem) => problem.split("\n")[0]),
    ).toEqual([
      "✖ LINT001 scripts/review/run.ts imports scripts/budgets.ts: scripts/review/ must not import the commands (scripts/*.ts)",
      "✖ LINT001 scripts/pipeline/affected.ts imports scripts/review/run.ts: scripts/pipeline/ must not import scripts/review/",
      "✖ LINT001 scripts/lint.ts imports scripts/gate/lint-state.ts: scripts/ must not import scripts/gate/",
      "✖ LINT002 import cycle: scripts/review/run.ts → scripts/pipeline/affected.ts → scripts/review/run.ts",
    ]);
  });

  it("reads an import written in a template literal (a scaffold's file) as text", () => {
    expect(
      problemsOf({
        "scripts/a.ts": 'const file = `import { b } from "./b.ts";\\nconst c = import("./b.ts");`;\n',
        "scripts/b.ts": 'import "./a.ts";\n',
      }),
    ).toEqual([]);
  });

  it("finds no import against the layers and no cycle among the project's modules", () => {
    expect(importProblems(importGraph(projectSources(ROOT))).map(formatCatalogueError)).toEqual([]);
  });
});
