import createCache, { type EmotionCache, type StylisPlugin } from "@emotion/cache";

/** One key on server and client, so that class names match and the islands hydrate onto the prerendered markup. */
export const EMOTION_KEY = "css";

/** Names the rules each prerendered style tag holds, as `<key> <name> <name> …`. */
export const PRERENDERED_STYLES_ATTRIBUTE = "data-prerendered-styles";

/**
 * The vendor prefixes that browsers the site supports still need: Safari's user-select and text-size-adjust, and
 * backdrop-filter before Safari 18. Emotion's default prefixer also writes -webkit-box, -ms-flexbox, -moz-translate and
 * the like for browsers long gone: a fifth of every page's CSS, parsed before the first paint.
 */
const WEBKIT_PREFIXED = new Set(["user-select", "text-size-adjust", "backdrop-filter"]);
const webkitPrefixes: StylisPlugin = (element) => {
  if (element.type === "decl" && !element.return && WEBKIT_PREFIXED.has(element.props as string))
    element.return = `-webkit-${element.value}${element.value}`;
};

/**
 * One array for every cache: on the server, Emotion keeps each style's CSS, as stylis wrote it, for the caches made
 * with the same plugins (the same array), so a page's render does not compile again what an earlier page's did.
 */
const STYLIS_PLUGINS = [webkitPrefixes];

export const createEmotionCache = () => createCache({ key: EMOTION_KEY, stylisPlugins: STYLIS_PLUGINS });

/** The islands' cache: it inserts only the rules that the prerendered style tags lack. */
export function createIslandEmotionCache(root: ParentNode = document): EmotionCache {
  const cache = createEmotionCache();
  for (const tag of root.querySelectorAll(`style[${PRERENDERED_STYLES_ATTRIBUTE}]`)) {
    const [key, ...names] = tag.getAttribute(PRERENDERED_STYLES_ATTRIBUTE)?.split(" ") ?? [];
    if (key === EMOTION_KEY) for (const name of names) cache.inserted[name] = true;
  }
  return cache;
}
