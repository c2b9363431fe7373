import type { Ref } from "react";
import { Search } from "lucide-react";
import type { MediaFile } from "../../protocol.ts";
import { CatalogueAlert } from "../CatalogueAlert.tsx";
import { MediaGrid } from "./MediaGrid.tsx";
import { UploadButton } from "./UploadButton.tsx";
import { UploadLines } from "./UploadLines.tsx";
import type { MediaLibrary } from "./useMediaLibrary.ts";
import type { Uploads } from "./useUploads.ts";
import "../page-list.css";
import "./media.css";

interface Props {
  library: MediaLibrary;
  /** Absent for a viewer, who uploads nothing. */
  uploads?: Uploads;
  onPick: (file: MediaFile) => void;
  /** The tile to mark, and how (see MediaGrid). */
  marked?: string | null;
  mark?: "pressed" | "current";
  /** The search box, for a dialog to put the focus in. */
  searchRef?: Ref<HTMLInputElement>;
}

/**
 * The library as the Media view and a field's picker both show it: the search, the upload button with a line for
 * each file given, and the grid of files (or why there is none).
 */
export function LibraryBrowser({ library, uploads, onPick, marked, mark, searchRef }: Props) {
  const { answer, failure, files, total, query, setQuery } = library;
  return (
    <div className="media-browser">
      <div className="media-tools">
        <div className="search">
          <Search size={16} aria-hidden />
          <input
            ref={searchRef}
            type="search"
            aria-label="Search files by name"
            placeholder="Search files by name"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        {uploads && (
          <div className="media-upload">
            <UploadButton onFiles={(picked) => void uploads.upload(picked)} />
            <span className="muted media-drop-words">or drop files here</span>
          </div>
        )}
      </div>
      {uploads && <UploadLines uploads={uploads} />}
      {failure && <CatalogueAlert refusal={failure} />}
      {!answer && !failure && <p className="muted">Loading the library…</p>}
      {answer && total === 0 && (
        <p className="media-empty muted">
          {uploads ? "No files here yet: upload one, or drop files here." : "No files here yet."}
        </p>
      )}
      {answer && total > 0 && files.length === 0 && <p className="muted">No file matches “{query}”.</p>}
      {files.length > 0 && <MediaGrid files={files} onPick={onPick} marked={marked} mark={mark} />}
    </div>
  );
}
