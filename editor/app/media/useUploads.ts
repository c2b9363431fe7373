import { useCallback, useRef, useState } from "react";
import { type Refusal, api, refusalOf } from "../api.ts";
import { withAcceptableName } from "./media-words.ts";

/** One file given to upload, and where it stands: waiting its turn, on its way, in the library, or refused. */
export interface UploadLine {
  id: number;
  /** The name it was picked or dropped with. */
  picked: string;
  /** The name it is uploaded under, which the server takes (lower case, hyphens). */
  name: string;
  state: "waiting" | "uploading" | "done" | "refused";
  src?: string;
  refusal?: Refusal;
}

/**
 * Uploads files into public/media/ one after another, each under a name the server takes, each with its own line: a
 * refused file (the server says why) does not stop the others. `onUploaded` runs once the last one is done, with the
 * addresses of those the server took.
 */
export function useUploads(onUploaded: (srcs: string[]) => unknown) {
  const [lines, setLines] = useState<UploadLine[]>([]);
  const nextId = useRef(0);
  // Files given while others are on their way wait their turn behind them.
  const queue = useRef(Promise.resolve());

  const update = (id: number, change: Partial<UploadLine>) =>
    setLines((all) => all.map((line) => (line.id === id ? { ...line, ...change } : line)));

  const upload = useCallback(
    (picked: File[]) => {
      if (picked.length === 0) return queue.current;
      const files = picked.map((file) => ({ id: nextId.current++, picked: file.name, file: withAcceptableName(file) }));
      setLines((all) => [
        ...all.filter((line) => line.state !== "done" && line.state !== "refused"),
        ...files.map(({ id, picked, file }) => ({ id, picked, name: file.name, state: "waiting" as const })),
      ]);
      queue.current = queue.current.then(async () => {
        const taken: string[] = [];
        for (const { id, file } of files) {
          update(id, { state: "uploading" });
          try {
            const { src } = await api.upload(file);
            taken.push(src);
            update(id, { state: "done", src });
          } catch (error) {
            update(id, { state: "refused", refusal: refusalOf(error) });
          }
        }
        await onUploaded(taken);
      });
      return queue.current;
    },
    [onUploaded],
  );

  const clear = useCallback(
    () => setLines((all) => all.filter((line) => line.state === "waiting" || line.state === "uploading")),
    [],
  );

  return { lines, upload, clear, busy: lines.some((line) => line.state === "waiting" || line.state === "uploading") };
}

export type Uploads = ReturnType<typeof useUploads>;
