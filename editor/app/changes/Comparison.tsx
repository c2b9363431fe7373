import { useEffect, useMemo, useRef, useState } from "react";
import type { ChangeKind, ChangedFile } from "../../../contract/editor-protocol.ts";
import { type Bootstrap, type PageSummary, type Refusal, api, refusalOf } from "../api.ts";
import { contentFiller } from "../defaults.ts";
import { CatalogueAlert } from "../CatalogueAlert.tsx";
import { Preview, type Viewport } from "../Preview.tsx";
import { ViewportSwitch } from "../ViewportSwitch.tsx";

export const SITE_FILE = "site-config/site.json";

/** What one side of the comparison renders: a page's blocks at its address, with these site settings (or the saved). */
interface Side {
  path: string;
  blocks: unknown[];
  site?: unknown;
}

interface Versions {
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

/**
 * A changed page before and after, side by side, rendered by the editor's own preview (the site's blocks, theme,
 * header and footer) at the width chosen with the preview's switch.
 */
export function Comparison({
  file,
  kind,
  name,
  base,
  boot,
}: ChangedFile & { name: string; base: string; boot: Bootstrap }) {
  const [viewport, setViewport] = useState<Viewport>(1366);
  const [versions, setVersions] = useState<Versions | null>(null);
  const [failure, setFailure] = useState<Refusal | null>(null);
  const fill = useMemo(() => contentFiller(boot.schemas), [boot.schemas]);
  const beforeFrame = useRef<HTMLIFrameElement>(null);
  const afterFrame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    let current = true;
    loadVersions(file, kind, boot.pages).then(
      (loaded) => current && setVersions(loaded),
      (error: unknown) => current && setFailure(refusalOf(error)),
    );
    return () => {
      current = false;
    };
  }, [file, kind, boot.pages]);

  const side = (
    label: string,
    caption: string,
    shown: Side | null | undefined,
    frame: typeof beforeFrame,
    missing: string,
  ) => (
    <div className="compare-side">
      <h3>
        {label} <span className="muted">{caption}</span>
      </h3>
      {shown ? (
        <div className="compare-frame">
          <Preview
            label={label}
            frame={frame}
            fill={fill}
            viewport={viewport}
            path={shown.path}
            blocks={shown.blocks}
            site={shown.site}
            pages={boot.pages}
            selected="page"
            scrollToSelected={false}
            onSelect={ignoreSelection}
          />
        </div>
      ) : (
        <p className="compare-missing">{versions ? missing : "Loading…"}</p>
      )}
    </div>
  );

  return (
    <section className="compare" aria-labelledby="compare-title">
      <div className="compare-head">
        <h2 id="compare-title">Before and after: {name}</h2>
        <ViewportSwitch viewport={viewport} onChange={setViewport} />
      </div>
      {failure ? (
        <CatalogueAlert refusal={failure} />
      ) : (
        <div className="compare-frames">
          {side("Published version", base, versions?.before, beforeFrame, "Not on the published site: a new page.")}
          {side("Your version", "saved", versions?.after, afterFrame, "Deleted: publishing removes it from the site.")}
        </div>
      )}
    </section>
  );
}
