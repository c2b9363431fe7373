import { type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from "react";
import type { PageSummary } from "./api.ts";
import type { ContentFiller } from "./defaults.ts";
import type { Selection } from "./Outline.tsx";
import { PLACED, type PreviewState, industryLinks } from "./preview-protocol.ts";
import { type SectionDoc, expandBlocks, isSectionRef } from "../../contract/sections.ts";
import { PREVIEW_HOOK } from "../protocol.ts";
import "./preview-panel.css";

export const VIEWPORTS = [390, 768, 1366] as const;
export type Viewport = (typeof VIEWPORTS)[number];

interface PreviewProps {
  /** The frame, which the palette also asks for its thumbnails. */
  frame: RefObject<HTMLIFrameElement | null>;
  /** Fills in the schema defaults, as the site's loader does before its components see the content. */
  fill: ContentFiller;
  viewport: Viewport;
  path: string;
  blocks: unknown[];
  /** The site settings being edited; otherwise site.json as saved. */
  site?: unknown;
  pages: PageSummary[];
  /** The shared sections by id: a reference in `blocks` is shown as the section's blocks. */
  sections: Record<string, SectionDoc>;
  selected: Selection;
  scrollToSelected: boolean;
  onSelect: (index: number) => void;
  /** What the frame shows, which names it ("Preview"; "Published version" beside "Your version"). */
  label?: string;
  /** Controls shown above the frame (the preview's width, on a phone). */
  tools?: ReactNode;
}

/**
 * The page as the site renders it (real blocks, theme, header and footer) in a frame as wide as a phone, a tablet or a
 * desktop, scaled down to fit. It is rendered again, in place, on every change.
 */
export function Preview(props: PreviewProps) {
  const { frame, fill } = props;
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [savedSite, setSavedSite] = useState<unknown>(null);
  const [room, setRoom] = useState(0);
  const { onSelect } = props;

  useEffect(() => {
    if (props.site) return;
    void fetch("/api/document?file=site-config%2Fsite.json")
      .then((response) => response.json() as Promise<{ value: unknown }>)
      .then((document) => setSavedSite(document.value));
  }, [props.site]);

  useEffect(() => {
    const onMessage = (event: MessageEvent<{ type?: string; index?: number }>) => {
      if (event.origin !== location.origin || event.source !== frame.current?.contentWindow) return;
      if (event.data.type === "preview-ready") setReady(true);
      if (event.data.type === "select" && typeof event.data.index === "number") onSelect(event.data.index);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [onSelect, frame]);

  useEffect(() => {
    if (!box.current) return;
    const observer = new ResizeObserver(([entry]) => setRoom(entry.contentRect.width));
    observer.observe(box.current);
    return () => observer.disconnect();
  }, []);

  const industries = useMemo(() => industryLinks(props.pages), [props.pages]);
  const site = useMemo(() => fill.site(props.site ?? savedSite), [fill, props.site, savedSite]);
  const blocks = useMemo(() => {
    const sections = new Map(Object.entries(props.sections));
    // A section is one block of the page (one row of the outline, one index), shown as the blocks it places.
    return props.blocks.map((block) =>
      isSectionRef(block)
        ? { ...block, [PLACED]: expandBlocks([block], sections).blocks.map(fill.block) }
        : fill.block(block),
    );
  }, [fill, props.blocks, props.sections]);
  useEffect(() => {
    if (!ready || !site) return;
    const state: PreviewState = {
      path: props.path,
      blocks,
      site,
      industries,
      selected: props.selected,
      scrollToSelected: props.scrollToSelected,
    };
    frame.current?.contentWindow?.[PREVIEW_HOOK]?.(state);
  }, [frame, ready, site, industries, props.path, blocks, props.selected, props.scrollToSelected]);

  const scale = room > 0 ? Math.min(1, room / props.viewport) : 1;
  const label = props.label ?? "Preview";
  return (
    <section className="preview-panel" aria-label={label}>
      {props.tools && <div className="preview-tools">{props.tools}</div>}
      <div className="preview-box" ref={box}>
        <div className="preview-scaler" style={{ width: props.viewport * scale }}>
          <iframe
            ref={frame}
            src="/preview"
            title={`${label} at ${props.viewport} px`}
            style={{
              width: props.viewport,
              height: `${100 / scale}%`,
              transform: `scale(${scale})`,
            }}
          />
        </div>
      </div>
    </section>
  );
}
