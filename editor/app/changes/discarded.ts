import { useEffect } from "react";

/** The channel on which the Changes view tells the editor's other tabs that a file was put back as the base has it. */
const CHANNEL = "voxa-editor:discarded";

export function announceDiscarded(file: string): void {
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ file });
  channel.close();
}

/** Calls `onDiscarded` when another tab (or the Changes view of this one) discarded the changes of `file`. */
export function useDiscarded(file: string, onDiscarded: () => void): void {
  useEffect(() => {
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent<{ file?: unknown }>) => {
      if (event.data.file === file) onDiscarded();
    };
    return () => channel.close();
  }, [file, onDiscarded]);
}
