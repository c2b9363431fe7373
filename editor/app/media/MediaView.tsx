import { useCallback, useState } from "react";
import type { SignedInPerson } from "../../protocol.ts";
import { Topbar } from "../Topbar.tsx";
import { focusAfterRender, useArrivalFocus } from "../focus.ts";
import { LibraryBrowser } from "./LibraryBrowser.tsx";
import { MediaDetails } from "./MediaDetails.tsx";
import { useFileDrop } from "./useFileDrop.ts";
import { useMediaLibrary } from "./useMediaLibrary.ts";
import { useUploads } from "./useUploads.ts";
import "./media.css";

interface Props {
  /** Whether the view was reached from another one (rather than opened by its address). */
  arrived: boolean;
  /** The signed-in person, in the team editor: a viewer uploads and changes nothing. */
  person?: SignedInPerson;
  onBack: () => void;
}

/** The tile of a file, to give the focus back to once its details close. */
const tileButton = (src: string) =>
  Array.from(document.querySelectorAll<HTMLElement>(".media-tile"))
    .find((tile) => tile.dataset.src === src)
    ?.querySelector("button");

/**
 * The media library: every file of public/media/ as a tile (thumbnail, name, size, weight, the pages that use it), a
 * search, uploads by button or by dropping files anywhere on the view, and the selected file's details beside the grid
 * (on a phone, in its place).
 */
export function MediaView({ arrived, person, onBack }: Props) {
  const heading = useArrivalFocus(arrived);
  const writes = person?.role !== "viewer";
  const library = useMediaLibrary();
  const { reload, select } = library;
  const uploads = useUploads(useCallback(() => reload(), [reload]));
  const drop = useFileDrop((files) => void uploads.upload(files), writes);
  // What the last change did (a rename, a deletion), said where the person looks: in the details, or above the grid.
  const [notice, setNotice] = useState<string | null>(null);
  const selected = library.selected;
  const count = library.answer?.files.length;

  const close = () => {
    const src = selected?.src;
    select(null);
    if (src) focusAfterRender(() => tileButton(src));
  };

  return (
    <div className={`media-screen${drop.over ? " media-dropping" : ""}`} {...drop.handlers}>
      <Topbar
        heading={heading}
        title="Media library"
        detail={count === undefined ? "public/media/" : `public/media/ · ${count} file${count === 1 ? "" : "s"}`}
        onBack={onBack}
      />
      <main id="main" className="media-layout">
        <div className="media-main">
          <p role="status" className="media-notice">
            {!selected && notice}
          </p>
          <LibraryBrowser
            library={library}
            uploads={writes ? uploads : undefined}
            marked={selected?.src}
            onPick={(file) => {
              setNotice(null);
              select(file.src === selected?.src ? null : file.src);
            }}
          />
        </div>
        {selected && (
          <MediaDetails
            key={selected.src}
            file={selected}
            aspects={library.aspects}
            writes={writes}
            notice={notice}
            onClose={close}
            onChanged={reload}
            onRenamed={async (src, words) => {
              await reload();
              select(src);
              setNotice(words);
            }}
            onDeleted={async (words) => {
              select(null);
              setNotice(words);
              await reload();
              focusAfterRender(() => heading.current);
            }}
          />
        )}
      </main>
      {drop.over && (
        <div className="media-drop-hint" aria-hidden>
          Drop to upload into public/media/
        </div>
      )}
    </div>
  );
}
