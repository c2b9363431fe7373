/**
 * `npm run check:html`: the W3C Nu HTML checker (the `vnu-jar` package, which needs Java) over every prerendered page
 * of the build (BUILD_DIR, default `build`). Exits non-zero on any error, listing each as file:line:column and the
 * checker's message. One message is set aside: the checker predates `<link rel="expect" blocking="render">` (the
 * render-blocking hint of the root layout), which it reports as an error.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { catalogueError, htmlCheckErrors, htmlCheckLines } from "../contract/errors.ts";
import { exitOnError } from "../toolchain/fail.ts";
import { print, printToStderr } from "../toolchain/print.ts";
import { assertBuilt, buildDir } from "./measure/serve.ts";
import { ROOT } from "../toolchain/paths.ts";

interface NuMessage {
  type: "error" | "info" | "non-document-error";
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

/**
 * One short run: the JVM's first compiler alone (C1) and its serial collector take half the CPU of its defaults (6 s
 * of a core against 14 over the site's pages), for the same report. C1's frames are larger: with the default stack
 * the checker stops on its schema's recursion and asks for more (`-Xss`).
 */
const JVM_OPTIONS = ["-Xss4m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"];

/** The checker's jar, from the `vnu-jar` package (whose own launcher would download a Java if none is found). */
const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

/** Known to be valid HTML, newer than the checker: a render-blocking `expect` link. */
export const isNewerThanChecker = (message: NuMessage): boolean =>
  message.message.includes("“blocking” attribute") && /rel="expect"/.test(message.extract ?? "");

function java(): string {
  const candidate = process.env.JAVA ?? "java";
  const probe = spawnSync(candidate, ["-version"], { stdio: "ignore" });
  if (probe.error || probe.status !== 0)
    throw catalogueError(htmlCheckErrors.noJava, {
      where: process.env.JAVA ? `at ${process.env.JAVA} (from JAVA)` : "on the PATH",
    });
  return candidate;
}

function htmlFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

function main() {
  const dir = buildDir();
  assertBuilt(dir);
  const files = htmlFiles(path.join(dir, "client"));
  const result = spawnSync(java(), [...JVM_OPTIONS, "-jar", VNU_JAR, "--format", "json", "--errors-only", ...files], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  // The checker writes its JSON report to stderr.
  let messages: NuMessage[];
  try {
    messages = (JSON.parse(result.stderr) as { messages: NuMessage[] }).messages;
  } catch {
    throw catalogueError(htmlCheckErrors.noReport, {
      status: String(result.status),
      output: `${result.stderr}${result.stdout}`,
    });
  }
  const errors = messages.filter((message) => message.type !== "info" && !isNewerThanChecker(message));
  for (const error of errors) {
    const file = error.url ? path.relative(ROOT, new URL(error.url).pathname) : "?";
    printToStderr(htmlCheckLines.located, {
      file,
      line: error.lastLine ?? 0,
      column: error.firstColumn ?? 0,
      message: error.message,
    });
  }
  if (errors.length) {
    console.error();
    throw catalogueError(htmlCheckErrors.invalid, { errors: errors.length, pages: files.length });
  }
  print(htmlCheckLines.valid, { pages: files.length });
}

try {
  main();
} catch (error) {
  exitOnError(error);
}
