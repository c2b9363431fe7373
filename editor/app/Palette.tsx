import { useEffect, useRef, useState } from "react";
import { X } from "lucide-react";
import { Icon } from "../../kit/icons/Icon.tsx";
import type { IconName } from "../../contract/generated/schema-types.ts";
import type { BlockMeta } from "../block-meta.ts";

/** Every block type, to insert one with its example content. */
export function Palette({
  metas,
  onPick,
  onClose,
}: {
  metas: BlockMeta[];
  onPick: (meta: BlockMeta) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [query, setQuery] = useState("");
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const shown = metas.filter((meta) =>
    `${meta.label} ${meta.type} ${meta.description}`.toLowerCase().includes(query.trim().toLowerCase()),
  );
  return (
    <dialog ref={dialog} className="palette" aria-labelledby="palette-title" onClose={onClose}>
      <div className="palette-head">
        <h2 id="palette-title">Add a block</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={() => dialog.current?.close()}>
          <X size={18} aria-hidden />
        </button>
      </div>
      <input
        type="search"
        className="palette-search"
        aria-label="Search block types"
        placeholder="Search block types"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <ul className="palette-grid">
        {shown.map((meta) => (
          <li key={meta.type}>
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
          </li>
        ))}
      </ul>
      {shown.length === 0 && <p className="muted">No block type matches “{query}”.</p>}
    </dialog>
  );
}
