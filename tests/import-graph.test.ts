import { describe, expect, it } from "vitest";
import { formatCatalogueError } from "../contract/errors.ts";
import { importGraph, importProblems, projectSources } from "../scripts/lib/import-graph.ts";
import { ROOT } from "../scripts/lib/paths.ts";

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
      "✖ LINT001 kit/c.ts imports blocks/a/A.tsx: kit/ must not import blocks/\n" +
        "  Move what both need down a layer (app → blocks → kit → contract; scripts and server use the contract).",
      "✖ LINT002 import cycle: blocks/a/A.tsx → blocks/b/B.tsx → kit/c.ts → blocks/a/A.tsx\n" +
        "  Move what the modules share into a module of its own that imports neither.",
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
