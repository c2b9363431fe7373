import path from "node:path";

/** The instructions of a stage that lay out its file system, in order. */
export type Step =
  | { kind: "copy"; from?: string; sources: string[]; dest: string; exclude: string[] }
  | { kind: "run"; commands: string[] };

export interface Stage {
  name: string;
  workdir: string;
  env: Record<string, string>;
  steps: Step[];
  /** CMD in its JSON form, the only one that passes signals to the process (docs/deploy.md). */
  cmd: string[];
  /** HEALTHCHECK's command, in the shell form Docker runs with `/bin/sh -c`. */
  healthcheck?: string;
}

/**
 * The stages of a Dockerfile, in order: what the tests need to lay one out without Docker (COPY with its --from and
 * --exclude, RUN, WORKDIR, ENV, CMD) and HEALTHCHECK's command. USER and EXPOSE change nothing on disk and are left to
 * tests/deploy/deploy-files.test.ts.
 */
export function dockerStages(text: string): Stage[] {
  const instructions = text
    .split("\n")
    .filter((line) => !/^\s*#/.test(line))
    .join("\n")
    .replace(/\\\n/g, " ")
    .split("\n");
  const stages: Stage[] = [];
  for (const line of instructions) {
    const match = /^([A-Za-z]+)\s+(.*)$/.exec(line.trim());
    if (!match) continue;
    const [, instruction, rest] = match;
    if (instruction.toUpperCase() === "FROM") {
      const name = /\sAS\s+(\S+)/i.exec(rest)?.[1] ?? String(stages.length);
      stages.push({ name, workdir: "/", env: {}, steps: [], cmd: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) continue;
    switch (instruction.toUpperCase()) {
      case "WORKDIR":
        stage.workdir = path.posix.resolve(stage.workdir, rest.trim());
        break;
      case "ENV":
        for (const [, name, value] of rest.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(\S+)/g)) stage.env[name] = value;
        break;
      case "COPY": {
        const words = rest.trim().split(/\s+/);
        const from = words.find((word) => word.startsWith("--from="))?.slice("--from=".length);
        const exclude = words.filter((word) => word.startsWith("--exclude=")).map((word) => word.slice(10));
        const paths = words.filter((word) => !word.startsWith("--"));
        stage.steps.push({ kind: "copy", from, sources: paths.slice(0, -1), dest: paths.at(-1) ?? "", exclude });
        break;
      }
      case "RUN":
        stage.steps.push({ kind: "run", commands: rest.split("&&").map((command) => command.trim()) });
        break;
      case "CMD":
        stage.cmd = JSON.parse(rest) as string[];
        break;
      case "HEALTHCHECK": {
        const command = /(?:^|\s)CMD\s+(.*)$/.exec(rest)?.[1];
        if (command) stage.healthcheck = command.trim();
        break;
      }
    }
  }
  return stages;
}

/** Where `file`, a path of the stage's file system, is in `dir`, which stands for the stage's WORKDIR. */
export function inStage(stage: Stage, dir: string, file: string): string {
  const relative = path.posix.relative(stage.workdir, path.posix.resolve(stage.workdir, file));
  if (relative.startsWith("..")) {
    throw new Error(`${file} lies outside ${stage.workdir}, the WORKDIR of stage ${stage.name}: lay out that folder`);
  }
  return path.join(dir, ...relative.split("/").filter(Boolean));
}

/**
 * The package manifest whose `dependencies` a stage installs: the workspace its `npm ci --workspace=<folder>` names
 * (docs/deploy.md, Two runtimes, one lockfile), else the root's package.json.
 */
export function installedManifest(stage: Stage): string | undefined {
  const install = stage.steps
    .flatMap((step) => (step.kind === "run" ? step.commands : []))
    .find((command) => /^npm ci\b/.test(command));
  if (!install) return undefined;
  const folder = /--workspace[= ](\S+)/.exec(install)?.[1];
  return folder ? path.posix.join(folder, "package.json") : "package.json";
}
