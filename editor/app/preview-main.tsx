import { Box, ChakraProvider } from "@chakra-ui/react";
import { Component, memo, type ReactNode, useEffect, useMemo, useState } from "react";
import { createRoot } from "react-dom/client";
import { Footer } from "../../renderer/chrome/Footer.tsx";
import { Header } from "../../renderer/chrome/Header.tsx";
import type { Block } from "../../contract/generated/schema-types.ts";
import { FontFaces } from "../../kit/fonts.tsx";
import { PageRenderer } from "../../renderer/PageRenderer.tsx";
import { PathnameContext, type SiteData, SiteDataContext } from "../../kit/site-data.ts";
import { system } from "../../kit/theme.ts";
import type { PreviewState } from "./preview-protocol.ts";
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
      <p className="preview-broken">This block cannot be shown until its problems are fixed.</p>
    ) : (
      this.props.children
    );
  }
}

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
        <PageRenderer blocks={[block]} />
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
    renderPreview?: (state: PreviewState) => void;
  }
}

function Preview() {
  const [state, setState] = useState<PreviewState | null>(null);
  useEffect(() => {
    window.renderPreview = setState;
    window.parent.postMessage({ type: "preview-ready" }, window.location.origin);
    return () => {
      window.renderPreview = undefined;
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
  const data = useMemo(
    () => ({ site: site as SiteData["site"], industries: industries ?? [], leadApiUrl: "/api" }),
    [site, industries],
  );
  if (!state) return null;
  return (
    <ChakraProvider value={system}>
      {/* The site's typeface, as the document head of every page has it. */}
      <FontFaces />
      <SiteDataContext.Provider value={data}>
        <PathnameContext.Provider value={state.path}>
          <Chrome part="header" site={state.site} />
          <Box as="main" id="main" pt={{ base: "64px", lg: "72px" }}>
            {(state.blocks as Block[]).map((block, index) => (
              <PreviewBlock key={index} block={block} index={index} selected={state.selected === index} />
            ))}
          </Box>
          <Chrome part="footer" site={state.site} />
        </PathnameContext.Provider>
      </SiteDataContext.Provider>
    </ChakraProvider>
  );
}

createRoot(document.getElementById("root")!).render(<Preview />);
