// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ESLINT_CACHE, LINT_CHECKS } from "../scripts/lint/lint-checks.ts";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: { pull_request?: { paths?: string[] } };
  permissions: Record<string, string>;
  jobs: Record<string, { steps: Step[] }>;
}
interface GitlabJob {
  rules: { if?: string; changes?: string[] }[];
  variables: Record<string, string>;
  before_script: string[];
  script: string[];
  artifacts: { when: string; paths: string[]; reports: { codequality: string } };
}

const workflow = parse(read(".github/workflows/content.yml")) as Workflow;
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
const gitlab = (parse(read("docs/gitlab-ci.example.yml")) as Record<string, GitlabJob>)["content-review"];

/** The npm scripts that shell commands run, in order. */
const npmScripts = (commands: readonly string[]) =>
  commands.flatMap((command) => [...command.matchAll(/\bnpm run (?:--silent )?([\w:-]+)/g)].map((match) => match[1]));
const stepUsing = (action: string) => steps.find((step) => step.uses?.startsWith(`${action}@`));
const stepRunning = (command: string) => steps.find((step) => step.run?.includes(command));

describe(".github/workflows/content.yml", () => {
  it("runs on the pull requests that change content, blocks, schemas or the code that renders them", () => {
    expect(workflow.on.pull_request?.paths).toEqual(
      expect.arrayContaining(["site-config/**", "public/**", "blocks/**", "schemas/**", "renderer/**", "kit/**"]),
    );
  });

  it("runs npm scripts that package.json has: validate (annotations, then SARIF), the translation status and review", () => {
    const named = npmScripts(steps.flatMap((step) => step.run ?? []));
    expect(named).toEqual(["validate", "validate", "translations", "review"]);
    // `review` comes from the review's branch (npm run review, docs/review.md).
    expect(named.filter((script) => !(script in scripts))).toEqual([]);
  });

  it("checks out the whole history and installs with npm's cache", () => {
    expect(stepUsing("actions/checkout")?.with).toEqual({ "fetch-depth": 0 });
    expect(stepUsing("actions/setup-node")?.with).toMatchObject({ cache: "npm" });
    expect(stepRunning("npm ci")).toBeDefined();
    expect(stepRunning("CHROME_PATH=")?.run).toContain('>> "$GITHUB_ENV"');
  });

  it("keeps the reports when a step fails: the SARIF, the review's summary and its folder", () => {
    expect(stepRunning("--format sarif")).toMatchObject({
      if: "always()",
      run: "npm run validate -- --format sarif --output validate.sarif",
    });
    expect(stepUsing("github/codeql-action/upload-sarif")).toMatchObject({
      if: expect.stringMatching(/^always\(\)/) as unknown,
      with: { sarif_file: "validate.sarif" },
    });
    expect(workflow.permissions["security-events"]).toBe("write");
    expect(stepRunning("review/summary.md")).toMatchObject({
      if: "always()",
      run: expect.stringContaining('cat review/summary.md >> "$GITHUB_STEP_SUMMARY"') as unknown,
    });
    expect(stepUsing("actions/upload-artifact")).toMatchObject({ if: "always()", with: { path: "review/" } });
    expect(stepRunning("npm run review")?.run).toBe("npm run review -- --base origin/${{ github.base_ref }}");
  });
});

describe("docs/gitlab-ci.example.yml", () => {
  it("runs the same npm scripts on merge requests, with the code-quality report and the review kept", () => {
    expect(npmScripts(gitlab.script)).toEqual(["validate", "validate", "review"]);
    expect(npmScripts(gitlab.script).filter((script) => !(script in scripts))).toEqual([]);
    expect(gitlab.script[0]).toContain("--format gitlab --output gl-code-quality-report.json");
    expect(gitlab.rules[0].if).toBe('$CI_PIPELINE_SOURCE == "merge_request_event"');
    expect(gitlab.variables.GIT_DEPTH).toBe("0");
    expect(gitlab.artifacts).toMatchObject({
      when: "always",
      paths: ["review/"],
      reports: { codequality: "gl-code-quality-report.json" },
    });
  });
});

interface TieredWorkflow {
  on: Record<string, unknown>;
  jobs: Record<string, { if?: string; steps: Step[] }>;
}

describe(".github/workflows/ci.yml and .ci/", () => {
  const ci = parse(read(".github/workflows/ci.yml")) as TieredWorkflow;
  const runs = (job: string) => ci.jobs[job].steps.flatMap((step) => step.run ?? []);
  /** The commands a script runs, bare or timed as a step of the gate (`step lint npm run lint`). */
  const commands = (file: string) =>
    read(file)
      .split("\n")
      .flatMap((line) => /^(?:(?:step|beside) \S+ )?((?:npm|bash) .*)$/.exec(line)?.[1] ?? []);

  it("runs the gate on every pull request and push, and the later tier after merges, nightly and on demand", () => {
    expect(Object.keys(ci.on)).toEqual(["pull_request", "push", "schedule", "workflow_dispatch"]);
    expect(ci.jobs.gate.if).toBeUndefined();
    expect(runs("gate")).toContain("bash .ci/run");
    expect(ci.jobs.whole.if).toBe("github.event_name != 'pull_request'");
    expect(npmScripts(runs("whole"))).toEqual(["build", "test:whole"]);
  });

  it("keeps the lint's state between the gate's runs (the type-check's, ESLint's, Prettier's): restored before the lint, kept after it", () => {
    const lines = read(".ci/run").split("\n");
    const at = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line));
    const state = /lint_state="\$\{XDG_CACHE_HOME:-\$HOME\/\.cache\}\/voxa-site\/lint"/;
    const lint = at(/^step lint npm run lint$/);
    expect(at(state)).toBeGreaterThan(-1);
    expect(at(/^npx tsx scripts\/gate\/lint-state\.ts restore "\$lint_state"$/)).toBeGreaterThan(at(state));
    expect(lint).toBeGreaterThan(at(/^npx tsx scripts\/gate\/lint-state\.ts restore "\$lint_state"$/));
    expect(at(/^npx tsx scripts\/gate\/lint-state\.ts keep "\$lint_state"$/)).toBeGreaterThan(lint);
    expect(scripts.lint).toBe("npm run gen --silent && tsx scripts/lint.ts");
    expect(LINT_CHECKS.find(({ check }) => check === "ESLint")?.command).toEqual(
      expect.arrayContaining(["--cache", "--cache-strategy", "content", "--cache-location", ESLINT_CACHE]),
    );
    expect(JSON.parse(read("tsconfig.json")).compilerOptions).toMatchObject({
      incremental: true,
      tsBuildInfoFile: ".cache/tsconfig.tsbuildinfo",
    });
    const cache = ci.jobs.gate.steps.find((step) => step.uses?.startsWith("actions/cache@"));
    expect(cache?.with).toMatchObject({ path: "~/.cache/voxa-site" });
    expect(ci.jobs.gate.steps.indexOf(cache!)).toBeLessThan(
      ci.jobs.gate.steps.findIndex((step) => step.run === "bash .ci/run"),
    );
  });

  it("gives every tier's command in .ci/run and .ci/whole, each an npm script of package.json", () => {
    const gate = npmScripts(commands(".ci/run").map((command) => command.replace(/^npm test$/, "npm run test")));
    expect(gate).toEqual([
      "docs:check",
      "lint",
      "test",
      "build",
      "budgets",
      "check:html",
      "test:pg",
      "test:slow",
      "test:e2e",
    ]);
    expect(commands(".ci/whole")).toEqual(["bash .ci/run", "npm run test:whole"]);
    expect([...gate, "test:whole"].filter((script) => !(script in scripts))).toEqual([]);
    expect(scripts["test:whole"]).toBe(
      "npm run gen --silent && vitest run --config vitest.whole.config.ts && tsx scripts/e2e.ts --whole",
    );
  });
});
