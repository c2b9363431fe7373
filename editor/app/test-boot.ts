import type { Bootstrap } from "./api.ts";

/** What the editor's server sends a tab at start, empty but for `overrides`, for the views' tests. */
export const testBoot = (overrides: Partial<Bootstrap> = {}): Bootstrap => ({
  schemas: {},
  blocks: [],
  pages: [],
  templates: [],
  media: [],
  sections: {},
  localeSections: {},
  sectionList: [],
  git: true,
  ...overrides,
});
