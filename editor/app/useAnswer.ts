import { useCallback, useEffect, useRef, useState } from "react";
import { type Refusal, refusalOf } from "./api.ts";

/**
 * An answer of the editor's server, asked when the component mounts, when `load` changes (a callback memoized on what
 * the request depends on; null asks nothing), when `askAgainFor` changes, and on `reload`; or the refusal it gave. The
 * last answer stays until the next one arrives. An answer to a request since replaced, or arriving after the component
 * left, is dropped: it would show what is no longer asked for.
 */
export function useAnswer<T>(load: (() => Promise<T>) | null, askAgainFor?: unknown) {
  const [answer, setAnswer] = useState<T | null>(null);
  const [failure, setFailure] = useState<Refusal | null>(null);
  const latest = useRef(0);
  const reload = useCallback(() => {
    if (!load) return Promise.resolve();
    const asked = ++latest.current;
    return load().then(
      (next) => {
        if (asked !== latest.current) return;
        setAnswer(next);
        setFailure(null);
      },
      (error: unknown) => {
        if (asked === latest.current) setFailure(refusalOf(error));
      },
    );
  }, [load]);
  useEffect(() => {
    void reload();
    return () => {
      latest.current += 1;
    };
  }, [reload, askAgainFor]);
  return { answer, failure, reload };
}
