import createCache, { type EmotionCache } from "@emotion/cache";

/** One key on server and client, so that class names match and the islands hydrate onto the prerendered markup. */
export const EMOTION_KEY = "css";

/** Names the rules each prerendered style tag holds, as `<key> <name> <name> …`. */
export const PRERENDERED_STYLES_ATTRIBUTE = "data-prerendered-styles";

export const createEmotionCache = () => createCache({ key: EMOTION_KEY });

/** The islands' cache: it inserts only the rules that the prerendered style tags lack. */
export function createIslandEmotionCache(root: ParentNode = document): EmotionCache {
  const cache = createEmotionCache();
  for (const tag of root.querySelectorAll(`style[${PRERENDERED_STYLES_ATTRIBUTE}]`)) {
    const [key, ...names] = tag.getAttribute(PRERENDERED_STYLES_ATTRIBUTE)?.split(" ") ?? [];
    if (key === EMOTION_KEY) for (const name of names) cache.inserted[name] = true;
  }
  return cache;
}
