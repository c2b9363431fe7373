/** What `npm run build` says about how it built: in full (and why), or again only the pages a change alters. */
import { info } from "./entry.ts";

export const incrementalBuildLines = {
  full: info<{ reason: string }>({
    code: "BUILD103",
    title: "A full build",
    message: ({ reason }) => `Building every page: ${reason}.`,
    hint: "Nothing to do: the next build starts from this one, and renders again only what a change of content alters.",
  }),
  incremental: info<{ rendered: number; documents: number; removed: number; changes: number; seconds: string }>({
    code: "BUILD104",
    title: "An incremental build",
    message: ({ rendered, documents, removed, changes, seconds }) =>
      `${changes} changed file${changes === 1 ? "" : "s"}: rendered ${rendered} of ${documents} pages again` +
      `${removed ? `, removed ${removed}` : ""} (${seconds} s).`,
    hint: "The output is what a full build writes; `npm run build -- --full` builds every page anyway.",
  }),
  wouldBuildFully: info<{ reason: string }>({
    code: "BUILD106",
    title: "A full build, not made (--dry-run)",
    message: ({ reason }) => `Would build every page: ${reason}.`,
    hint: "Nothing was written; `npm run build` makes it.",
  }),
  wouldRender: info<{ rendered: number; documents: number; removed: number; changes: number }>({
    code: "BUILD107",
    title: "An incremental build, not made (--dry-run)",
    message: ({ rendered, documents, removed, changes }) =>
      `${changes} changed file${changes === 1 ? "" : "s"}: would render ${rendered} of ${documents} pages again` +
      `${removed ? ` and remove ${removed}` : ""}.`,
    hint: "Nothing was written; `npm run build` makes it.",
  }),
  unchanged: info({
    code: "BUILD105",
    title: "Nothing to build",
    message: "Nothing the build reads changed since the last build: it is up to date.",
    hint: "`npm run build -- --full` builds every page anyway.",
  }),
} as const;
