import fs from "node:fs";
import { exitOnError } from "../toolchain/fail.ts";
import { runValidate } from "./content/validate-cli.ts";

/** `npm run validate [-- --format text|json|github|sarif|gitlab] [--output <file>]`: checks site-config/ (docs/ci.md). */
try {
  const { stdout, stderr, exitCode, output } = runValidate({ argv: process.argv.slice(2), env: process.env });
  if (output) fs.writeFileSync(output, stdout);
  else process.stdout.write(stdout);
  process.stderr.write(stderr);
  process.exitCode = exitCode;
} catch (error) {
  exitOnError(error);
}
