import { useRef } from "react";
import { Upload } from "lucide-react";

/**
 * What a person may pick: the library's images and videos, by their endings (a system that does not know a format's
 * media type, AVIF on an older one, still offers its files) and their types. The server checks each file's content.
 */
export const MEDIA_ACCEPT = [
  ...["svg", "png", "jpg", "jpeg", "webp", "avif", "mp4", "webm"].map((ending) => `.${ending}`),
  ...["image/svg+xml", "image/png", "image/jpeg", "image/webp", "image/avif", "video/mp4", "video/webm"],
].join(",");

interface Props {
  onFiles: (files: File[]) => void;
  /** What the file chooser offers; the library's formats by default. */
  accept?: string;
  multiple?: boolean;
  label?: string;
}

/**
 * A button that opens the system's file chooser (a real button: the keyboard reaches it and Enter opens it), for one
 * file or many. Files given while others upload wait their turn.
 */
export function UploadButton({ onFiles, accept = MEDIA_ACCEPT, multiple = true, label = "Upload files" }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className="button" onClick={() => input.current?.click()}>
        <Upload size={16} aria-hidden /> {label}
      </button>
      <input
        ref={input}
        type="file"
        hidden
        aria-label={label}
        accept={accept}
        multiple={multiple}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Emptied, so that picking the same file again (after renaming it elsewhere, say) is a change too.
          event.target.value = "";
          onFiles(files);
        }}
      />
    </>
  );
}
