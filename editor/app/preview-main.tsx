import { Box, ChakraProvider } from "@chakra-ui/react";
import { Component, memo, type ReactNode, useEffect, useMemo, useState } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { Footer } from "../../renderer/chrome/Footer.tsx";
import { Header } from "../../renderer/chrome/Header.tsx";
import type { Block } from "../../contract/generated/schema-types.ts";
import { FontFaces } from "../../kit/fonts.tsx";
import type { BlockType } from "../../contract/blocks.ts";
import { PageRenderer, preloadBlocks } from "../../renderer/PageRenderer.tsx";
import { registry } from "../../renderer/registry.ts";
import { PathnameContext, type SiteData, SiteDataContext } from "../../kit/site-data.ts";
import { system } from "../../kit/theme.ts";
import { PLACED, type PreviewState, type ThumbnailRequest, type Thumbnails } from "./preview-protocol.ts";
import { PREVIEW_HOOK } from "../protocol.ts";
import { editorErrors } from "../../contract/errors.ts";
import { usedCss } from "./used-css.ts";
import "./preview.css";

/** A block whose content cannot render yet (a required field being typed) shows this instead of breaking the page. */
class BlockBoundary extends Component<{ children: ReactNode; block: unknown }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidUpdate(previous: { block: unknown }) {
    if (previous.block !== this.props.block && this.state.failed) this.setState({ failed: false });
  }
  render() {
    return this.state.failed ? (
      <p className="preview-broken">{editorErrors.blockNotShown.message}</p>
    ) : (
      this.props.children
    );
  }
}

/** The blocks a shared section's reference places, as the editor expanded them; undefined for any other block. */
const placedOf = (block: unknown): Block[] | undefined => {
  const placed = (block as Record<string, unknown>)[PLACED];
  return Array.isArray(placed) ? (placed as Block[]) : undefined;
};

/** One block, re-rendered only when its own content changes: typing in one block leaves the others alone. */
const PreviewBlock = memo(function PreviewBlock({
  block,
  index,
  selected,
}: {
  block: Block;
  index: number;
  selected: boolean;
}) {
  return (
    <div className="preview-block" data-editor-index={index} data-editor-selected={selected || undefined}>
      <BlockBoundary block={block}>
        <PageRenderer blocks={placedOf(block) ?? [block]} />
      </BlockBoundary>
    </div>
  );
});

/** The header or the footer, rendered again only when the site settings change. */
const Chrome = memo(function Chrome({ part, site }: { part: "header" | "footer"; site: unknown }) {
  return <BlockBoundary block={site}>{part === "header" ? <Header /> : <Footer />}</BlockBoundary>;
});

declare global {
  interface Window {
    /** Called by the editor (same origin) with the document as it is being edited. */
    [PREVIEW_HOOK]?: (state: PreviewState) => void;
    /** Called by the editor's palette, once per editor tab: the block types' examples as static markup. */
    renderThumbnails?: (request: ThumbnailRequest) => Promise<Thumbnails>;
  }
}

/** The document as the editor last handed it over; the thumbnails read its site data. */
let latest: PreviewState | undefined;
let firstState: () => void = () => undefined;
const stateArrived = new Promise<void>((resolve) => (firstState = resolve));

const siteDataOf = (site: unknown, industries: PreviewState["industries"] | undefined): SiteData => ({
  site: site as SiteData["site"],
  industries: industries ?? [],
  leadApiUrl: "/api",
});

/**
 * Renders each example once, off screen, with the same components, theme and site data as the preview, and hands back
 * its markup with the style rules it uses. A block type that has no component yet (or whose example cannot
 * render) gets no thumbnail.
 */
async function renderThumbnails({ examples }: ThumbnailRequest): Promise<Thumbnails> {
  await stateArrived;
  const known = examples.filter(({ type }) => type in registry) as { type: BlockType; block: Block }[];
  await preloadBlocks(known.map(({ type }) => type));
  const host = document.createElement("div");
  host.className = "preview-thumbnails";
  host.inert = true;
  document.body.append(host);
  const root = createRoot(host);
  try {
    flushSync(() =>
      root.render(
        <ChakraProvider value={system}>
          <SiteDataContext.Provider value={siteDataOf(latest?.site, latest?.industries)}>
            {known.map(({ type, block }) => (
              <div key={type} data-thumbnail={type}>
                <BlockBoundary block={block}>
                  <PageRenderer blocks={[block]} />
                </BlockBoundary>
              </div>
            ))}
          </SiteDataContext.Provider>
        </ChakraProvider>,
      ),
    );
    const rendered = [...host.querySelectorAll<HTMLElement>("[data-thumbnail]")].filter(
      (element) => element.firstElementChild && !element.querySelector(".preview-broken"),
    );
    return {
      css: usedCss(host),
      markup: Object.fromEntries(rendered.map((element) => [element.dataset.thumbnail!, element.innerHTML])),
    };
  } finally {
    root.unmount();
    host.remove();
  }
}
window.renderThumbnails = renderThumbnails;

// The preview takes blocks out and puts others in as the page is edited. A video player whose media is taken out while
// it starts playing has its play() refused with an AbortError, which it leaves unhandled: expected here, not a fault.
window.addEventListener("unhandledrejection", (event) => {
  if (event.reason instanceof DOMException && event.reason.name === "AbortError") event.preventDefault();
});

/** Said in the page's middle until its blocks can render: their components load once per tab, which takes a moment. */
const loading = (
  <p className="preview-loading" role="status">
    {editorErrors.previewLoading.message}
  </p>
);

/**
 * Whether the components of the blocks first handed over have loaded. Until then the blocks would render as nothing
 * (their lazy components' fallback), leaving a blank middle between the header and the footer.
 */
function useBlocksLoaded(blocks: unknown[] | undefined): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (loaded || !blocks) return;
    let current = true;
    const types = blocks
      .flatMap((block) => placedOf(block) ?? [block])
      .map((block) => (block as { type?: unknown }).type)
      .filter((type): type is BlockType => typeof type === "string" && type in registry);
    // A component that fails to load is left to the block's own boundary, as before: the wait ends either way.
    void preloadBlocks(types)
      .catch(() => undefined)
      .then(() => current && setLoaded(true));
    return () => {
      current = false;
    };
  }, [blocks, loaded]);
  return loaded;
}

function Preview() {
  const [state, setState] = useState<PreviewState | null>(null);
  const blocksLoaded = useBlocksLoaded(state?.blocks);
  useEffect(() => {
    window[PREVIEW_HOOK] = (next) => {
      latest = next;
      firstState();
      // Rendered at once, in the task of the keystroke that changed the document, rather than in a later task of its
      // own: the preview then changes in the same frame as the field (npm run bench:edit).
      flushSync(() => setState(next));
    };
    window.parent.postMessage({ type: "preview-ready" }, window.location.origin);
    return () => {
      window[PREVIEW_HOOK] = undefined;
    };
  }, []);

  useEffect(() => {
    // A click in the preview selects its block instead of following links or pressing buttons.
    const onClick = (event: MouseEvent) => {
      const target = (event.target as Element).closest<HTMLElement>("[data-editor-index]");
      if ((event.target as Element).closest("a, button, form")) event.preventDefault();
      if (target)
        window.parent.postMessage(
          { type: "select", index: Number(target.dataset.editorIndex) },
          window.location.origin,
        );
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  useEffect(() => {
    if (typeof state?.selected !== "number" || !state.scrollToSelected) return;
    document.querySelector(`[data-editor-index="${state.selected}"]`)?.scrollIntoView({ block: "nearest" });
  }, [state?.selected, state?.scrollToSelected]);

  const site = state?.site;
  const industries = state?.industries;
  // A new context value re-renders every block that reads the site data: it changes only with the site itself.
  const data = useMemo(() => siteDataOf(site, industries), [site, industries]);
  if (!state) return loading;
  return (
    <ChakraProvider value={system}>
      {/* The site's typeface, as the document head of every page has it. */}
      <FontFaces />
      <SiteDataContext.Provider value={data}>
        <PathnameContext.Provider value={state.path}>
          <Chrome part="header" site={state.site} />
          <Box as="main" id="main" pt={{ base: "64px", lg: "72px" }}>
            {blocksLoaded
              ? (state.blocks as Block[]).map((block, index) => (
                  <PreviewBlock key={index} block={block} index={index} selected={state.selected === index} />
                ))
              : loading}
          </Box>
          <Chrome part="footer" site={state.site} />
        </PathnameContext.Provider>
      </SiteDataContext.Provider>
    </ChakraProvider>
  );
}

createRoot(document.getElementById("root")!).render(<Preview />);
