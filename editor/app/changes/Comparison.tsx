import { type ReactNode, useCallback, useMemo, useRef, useState } from "react";
import { placedSections } from "../sections/placedSections.ts";
import type { ChangeKind, ChangedFile } from "../../protocol.ts";
import { type Bootstrap, type PageSummary, type Refusal, api } from "../api.ts";
import { contentFiller } from "../defaults.ts";
import { CatalogueAlert } from "../CatalogueAlert.tsx";
import { Preview, type Viewport } from "../Preview.tsx";
import { ViewportSwitch } from "../ViewportSwitch.tsx";
import { useAnswer } from "../useAnswer.ts";
import "./comparison.css";

export const SITE_FILE = "site-config/site.json";

/** What one side of the comparison renders: a page's blocks at its address, with these site settings (or the saved). */
interface Side {
  path: string;
  blocks: unknown[];
  site?: unknown;
}

export interface Versions {
  /** The base's version; null for a page the base does not have. */
  before: Side | null;
  /** The version in the working tree; null for a deleted page. */
  after: Side | null;
}

const pageSide = (doc: Record<string, unknown>): Side => ({
  path: typeof doc.path === "string" ? doc.path : "/",
  blocks: Array.isArray(doc.blocks) ? (doc.blocks as unknown[]) : [],
});

/**
 * The two versions of a changed file to render: a page as the base has it and as it is now; for the site settings,
 * the home page with the base's settings and with the current ones (the header and footer are where they show).
 */
async function loadVersions(file: string, kind: ChangeKind, pages: PageSummary[]): Promise<Versions> {
  const baseText = kind === "added" ? null : (await api.baseVersion(file)).text;
  const current = kind === "deleted" ? null : (await api.open(file)).value;
  const base = baseText === null ? null : (JSON.parse(baseText) as Record<string, unknown>);
  if (file !== SITE_FILE) return { before: base && pageSide(base), after: current && pageSide(current) };
  const home = pages.find((page) => page.path === "/");
  const blocks = home ? pageSide((await api.open(home.file)).value).blocks : [];
  return {
    before: base && { path: "/", blocks, site: base },
    after: current && { path: "/", blocks, site: current },
  };
}

const ignoreSelection = () => undefined;

/** One version of a page in the editor's preview, in a frame of its own. */
function PagePreview({
  label,
  shown,
  viewport,
  fill,
  pages,
  sections,
}: {
  label: string;
  shown: Side;
  viewport: Viewport;
  fill: ReturnType<typeof contentFiller>;
  pages: PageSummary[];
  sections: Bootstrap["sections"];
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  return (
    <div className="compare-frame">
      <Preview
        label={label}
        frame={frame}
        fill={fill}
        viewport={viewport}
        path={shown.path}
        blocks={shown.blocks}
        site={shown.site}
        pages={pages}
        sections={sections}
        selected="page"
        scrollToSelected={false}
        onSelect={ignoreSelection}
      />
    </div>
  );
}

/** What the two sides of a comparison are called, and what each says when it has no version. */
interface SideWords {
  label: string;
  caption: string;
  missing: string;
}

/**
 * A changed page before and after, side by side, rendered by the editor's own preview (the site's blocks, theme,
 * header and footer) at the width chosen with the preview's switch: the published version and the saved one.
 */
export function Comparison({
  file,
  kind,
  name,
  base,
  boot,
}: ChangedFile & { name: string; base: string; boot: Bootstrap }) {
  return (
    <PageComparison
      file={file}
      name={name}
      boot={boot}
      load={useCallback(() => loadVersions(file, kind, boot.pages), [file, kind, boot.pages])}
      before={{ label: "Published version", caption: base, missing: NOT_IN_BASE }}
      after={{ label: "Your version", caption: "saved", missing: DELETED }}
    />
  );
}

/** Two versions of a page, as `load` gives them, side by side in the editor's preview (the review's comparison too). */
export function PageComparison({
  file,
  name,
  boot,
  load,
  before,
  after,
}: {
  file: string;
  name: string;
  boot: Bootstrap;
  load: () => Promise<Versions>;
  before: SideWords;
  after: SideWords;
}) {
  const [viewport, setViewport] = useState<Viewport>(1366);
  const fill = useMemo(() => contentFiller(boot.schemas), [boot.schemas]);
  const { answer: versions, failure } = useAnswer(load);

  const preview = { viewport, fill, pages: boot.pages, sections: placedSections(boot, file) };
  return (
    <CompareSection name={name} failure={failure} tools={<ViewportSwitch viewport={viewport} onChange={setViewport} />}>
      <CompareSide {...before} loaded={versions !== null}>
        {versions?.before && <PagePreview label={before.label} shown={versions.before} {...preview} />}
      </CompareSide>
      <CompareSide {...after} loaded={versions !== null}>
        {versions?.after && <PagePreview label={after.label} shown={versions.after} {...preview} />}
      </CompareSide>
    </CompareSection>
  );
}

/** A page's two versions from their texts (null: the side has none), for a comparison. */
export const versionsOf = (before: string | null, after: string | null): Versions => ({
  before: before === null ? null : pageSide(JSON.parse(before) as Record<string, unknown>),
  after: after === null ? null : pageSide(JSON.parse(after) as Record<string, unknown>),
});

const NOT_IN_BASE = "Not on the published site: a new page.";
/** What the current side of a comparison says of a deleted file. */
export const DELETED = "Deleted: publishing removes it from the site.";

/** A comparison's frame: its heading, its tools, and its two sides, or the refusal that stopped it loading. */
export function CompareSection({
  name,
  failure,
  tools,
  children,
}: {
  name: string;
  failure: Refusal | null;
  tools?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="compare" aria-labelledby="compare-title">
      <div className="compare-head">
        <h2 id="compare-title">Before and after: {name}</h2>
        {tools}
      </div>
      {failure ? <CatalogueAlert refusal={failure} /> : <div className="compare-frames">{children}</div>}
    </section>
  );
}

/** One side of a comparison: its heading, then what it shows, or why it shows nothing (once loaded). */
export function CompareSide({
  label,
  caption,
  loaded,
  missing,
  children,
}: {
  label: string;
  caption: string;
  loaded: boolean;
  missing: string;
  children: ReactNode;
}) {
  return (
    <div className="compare-side">
      <h3>
        {label} <span className="muted">{caption}</span>
      </h3>
      {children || <p className="compare-missing">{loaded ? missing : "Loading…"}</p>}
    </div>
  );
}
