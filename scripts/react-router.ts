/**
 * `react-router` (the CLI of @react-router/dev) with one known line of noise taken out. Its Vite compilers pass
 * `envFile: false`, an option Vite 8 deprecates, so every build printed "The `envFile` option is deprecated" about
 * a dozen times, a warning only React Router can act on (its 7.18.4 is the newest). Everything else the CLI prints
 * passes through unchanged, in order, with its exit code. Remove this wrapper once React Router passes `envDir`.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { ROOT } from "../toolchain/paths.ts";

/** The lines dropped, compared without colour codes. */
export const KNOWN_NOISE = ["The `envFile` option is deprecated, please use `envDir: false` instead."];

// eslint-disable-next-line no-control-regex -- ANSI colour codes start with the ESC control character.
const ANSI = /\u001b\[[0-9;]*m/g;

export const isKnownNoise = (line: string): boolean => KNOWN_NOISE.includes(line.replace(ANSI, "").trim());

function run(args: string[]): Promise<number> {
  const child = spawn("npx", ["--no", "react-router", ...args], {
    cwd: ROOT,
    stdio: ["inherit", "pipe", "pipe"],
    // Piped output would lose its colours; keep them when this process writes to a terminal.
    env: { ...process.env, ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: "1" } : {}) },
  });
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const)
    createInterface({ input: from, crlfDelay: Infinity }).on("line", (line) => {
      if (!isKnownNoise(line)) to.write(`${line}\n`);
    });
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await run(process.argv.slice(2)));
