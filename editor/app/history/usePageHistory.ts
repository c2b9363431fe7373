import { useCallback, useRef, useState } from "react";
import type { FileVersion } from "../../protocol.ts";
import { editorHistoryLines } from "../../../contract/errors.ts";
import { type Refusal, api, catalogueLine, refusalOf } from "../api.ts";
import type { Doc } from "../document/drafts.ts";

/** One version picked from the history: its document once read, or why it cannot be shown. */
export interface PickedVersion {
  version: FileVersion;
  doc?: Doc;
  refused?: Refusal;
}

const unreadable = () => catalogueLine(editorHistoryLines.unreadable);

/** The document a version's text holds, or undefined when it is not a JSON object. */
function documentOf(text: string): Doc | undefined {
  try {
    const doc = JSON.parse(text) as unknown;
    return doc && typeof doc === "object" && !Array.isArray(doc) ? (doc as Doc) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A file's history: shown or not, its versions newest first (read again each time it opens, as Get latest may have
 * brought more), and the one picked to preview. Only the last request of each kind counts when answers cross.
 */
export function usePageHistory(file: string) {
  const [shown, setShown] = useState(false);
  const [versions, setVersions] = useState<FileVersion[] | null>(null);
  const [failure, setFailure] = useState<Refusal | null>(null);
  const [picked, setPicked] = useState<PickedVersion | null>(null);
  const opening = useRef(0);
  const latestPick = useRef<string | null>(null);

  const open = useCallback(async () => {
    const run = ++opening.current;
    latestPick.current = null;
    setShown(true);
    setVersions(null);
    setFailure(null);
    setPicked(null);
    try {
      const answer = await api.history(file);
      if (run === opening.current) setVersions(answer.versions);
    } catch (error) {
      if (run === opening.current) setFailure(refusalOf(error));
    }
  }, [file]);

  const close = useCallback(() => {
    opening.current++;
    latestPick.current = null;
    setShown(false);
    setPicked(null);
  }, []);

  const pick = useCallback(async (version: FileVersion | null) => {
    latestPick.current = version?.commit ?? null;
    if (!version) return setPicked(null);
    setPicked({ version });
    let next: PickedVersion;
    try {
      const doc = documentOf((await api.version(version.file, version.commit)).text);
      next = doc ? { version, doc } : { version, refused: unreadable() };
    } catch (error) {
      next = { version, refused: refusalOf(error) };
    }
    if (latestPick.current === version.commit) setPicked(next);
  }, []);

  return { shown, open, close, versions, failure, picked, pick };
}

export type PageHistory = ReturnType<typeof usePageHistory>;
