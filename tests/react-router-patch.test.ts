// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dist = path.resolve("node_modules/@react-router/dev/dist");
const sources = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".js"))
    .map((entry) => path.join(entry.parentPath, entry.name));

describe("React Router's Vite compilers, as `npm install` leaves them (patches/, applied by postinstall)", () => {
  it("pass `envDir: false`, so that Vite 8 prints no deprecation warning on every dev start and build", () => {
    const deprecated = sources(dist).filter((file) => fs.readFileSync(file, "utf8").includes("envFile: false"));
    expect(deprecated.map((file) => path.relative(dist, file))).toEqual([]);
  });
});
