// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8")) as unknown;
const { engines } = read("package.json") as { engines: { node: string } };
const { packages } = read("package-lock.json") as {
  packages: Record<string, { version?: string; optional?: boolean; engines?: { node?: string } | string[] }>;
};

/**
 * The oldest Node.js the README names, and the one running the tests. An optional package (a native binary for one
 * platform) whose engines refuse the running Node.js is skipped by npm without a word, so only required ones count.
 */
const SUPPORTED = [...new Set([semver.minVersion(engines.node)!.version, process.versions.node])];

describe("npm install on the Node.js versions the README names", () => {
  it("names 20.19 as the oldest Node.js, as the README says", () => {
    expect(SUPPORTED[0]).toBe("20.19.0");
    expect(fs.readFileSync(path.join(ROOT, "README.md"), "utf8")).toContain("Node.js 20.19 or later");
  });

  it.each(SUPPORTED)("installs no package whose engines refuse Node.js %s (npm's EBADENGINE warning)", (node) => {
    const refusing = Object.entries(packages)
      .filter(([name, entry]) => name !== "" && !entry.optional)
      .flatMap(([name, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range && !semver.satisfies(node, range)
          ? [`${name.replace(/^.*node_modules\//, "")}@${entry.version} wants ${range}`]
          : [];
      });
    expect(refusing).toEqual([]);
  });
});
