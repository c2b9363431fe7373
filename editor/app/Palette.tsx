import { useEffect, useRef, useState } from "react";
import { X } from "lucide-react";
import { Icon } from "../../kit/icons/Icon.tsx";
import type { IconName } from "../../contract/generated/schema-types.ts";
import type { BlockMeta } from "../block-meta.ts";
import { IconButton } from "./controls.tsx";
import { type ThumbnailSet, thumbnailDocument } from "./thumbnails.ts";
import "./palette.css";

/** The example, as the site renders it at desktop width, scaled down; drawn only once it scrolls into view. */
function Thumbnail({ label, markup, stylesheet }: { label: string; markup: string; stylesheet: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry.isIntersecting) return;
      setSeen(true);
      observer.disconnect();
    });
    if (box.current) observer.observe(box.current);
    return () => observer.disconnect();
  }, []);
  return (
    <div className="palette-thumb" ref={box} aria-hidden="true" data-thumbnail={seen ? "shown" : "pending"}>
      {seen && <iframe title={`${label}, example`} tabIndex={-1} srcDoc={thumbnailDocument(markup, stylesheet)} />}
    </div>
  );
}

/** Every block type, to insert one with its example content; each shows its example as a thumbnail. */
export function Palette({
  metas,
  thumbnails,
  onPick,
  onClose,
}: {
  metas: BlockMeta[];
  /** Resolves once the examples are rendered (at once after the first time). */
  thumbnails: () => Promise<ThumbnailSet>;
  onPick: (meta: BlockMeta) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [query, setQuery] = useState("");
  const [rendered, setRendered] = useState<ThumbnailSet | null>(null);
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
    // The dialog would focus its first control, Close; a palette is searched first.
    search.current?.focus();
    let open = true;
    thumbnails().then(
      (set) => open && setRendered(set),
      () => undefined,
    );
    return () => {
      open = false;
    };
  }, [thumbnails]);
  const shown = metas.filter((meta) =>
    `${meta.label} ${meta.type} ${meta.description}`.toLowerCase().includes(query.trim().toLowerCase()),
  );
  return (
    <dialog ref={dialog} className="palette" aria-labelledby="palette-title" onClose={onClose}>
      <div className="palette-head">
        <h2 id="palette-title">Add a block</h2>
        <IconButton label="Close" icon={X} size={18} onClick={() => dialog.current?.close()} />
      </div>
      <input
        type="search"
        ref={search}
        className="palette-search"
        aria-label="Search block types"
        placeholder="Search block types"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <ul className="palette-grid">
        {shown.map((meta) => {
          const markup = rendered?.markup[meta.type];
          return (
            <li key={meta.type} className="palette-entry" data-block-type={meta.type}>
              <button
                type="button"
                className="palette-item"
                onClick={() => {
                  onPick(meta);
                  dialog.current?.close();
                }}
              >
                <span className="palette-icon">
                  <Icon name={meta.icon as IconName} size={20} />
                </span>
                <span className="palette-label">{meta.label}</span>
                <span className="palette-description">{meta.description}</span>
              </button>
              {markup && rendered ? (
                <Thumbnail label={meta.label} markup={markup} stylesheet={rendered.stylesheet} />
              ) : (
                <div className="palette-thumb palette-thumb-empty" aria-hidden="true" />
              )}
            </li>
          );
        })}
      </ul>
      {shown.length === 0 && <p className="muted">No block type matches “{query}”.</p>}
    </dialog>
  );
}
