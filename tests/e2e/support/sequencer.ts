import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The suites that serve a site build of their own (site-builds.ts), which the global setup may have started. */
const OWN_BUILD = [
  "behaviours.test.ts",
  "lead-form.test.ts",
  "lead-trap.test.ts",
  "right-to-left-locale.test.ts",
  "pictures.test.ts",
  "generated-pages.whole.test.ts",
  "cross-origin-form.whole.test.ts",
];

/**
 * Vitest's order (failed last time first, then the slowest), with the suites that serve a build of their own last:
 * when the global setup started their builds, the other suites run meanwhile instead of waiting for them.
 */
export default class OwnBuildsLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const ownBuild = (file: TestSpecification) => OWN_BUILD.some((name) => file.moduleId.endsWith(`/${name}`));
    return [...sorted.filter((file) => !ownBuild(file)), ...sorted.filter(ownBuild)];
  }
}
