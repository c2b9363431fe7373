import { dependencyChanged } from "../contract/dependency-patch.server.ts";
import { EMOTION_KEY, PRERENDERED_STYLES_ATTRIBUTE } from "./emotion.ts";

/**
 * The style tags that @emotion/server's constructStyleTagsFromChunks writes: `<style data-emotion="css …">` for the
 * page's rules and `<style data-emotion="css-global …">` for each global style, the key followed by the rules' names.
 */
const EMOTION_STYLE_TAG = new RegExp(`^<style data-emotion="${EMOTION_KEY}(?:-global)? [^"]*">$`);

/**
 * Rewrites emotion's style tags for the prerendered page. Emotion in the browser takes over the style tags it finds
 * under its own attribute by moving each one to the end of <head>, and moving a style tag makes the browser parse all
 * of the page's CSS again and restyle the whole page, a long task on a phone. Under their own attribute the tags stay
 * where they are, and the islands' cache learns from it which rules are already on the page
 * (createIslandEmotionCache). Refuses style tags of another form (there is always at least one, the page's rules):
 * renaming nothing would ship pages whose styles move as the islands hydrate.
 */
export function markPrerenderedStyles(styleTags: string): string {
  const tags = styleTags.match(/<style\b[^>]*>/g) ?? [];
  const unexpected = tags.find((tag) => !EMOTION_STYLE_TAG.test(tag));
  if (tags.length === 0 || unexpected !== undefined)
    throw dependencyChanged({
      pkg: "@emotion/server",
      output: `the style tags of constructStyleTagsFromChunks (${unexpected ?? "none"})`,
      expected: `<style data-emotion="${EMOTION_KEY} …">`,
      patch: "renderer/prerendered-styles.server.ts",
    });
  return styleTags.replaceAll('<style data-emotion="', `<style ${PRERENDERED_STYLES_ATTRIBUTE}="`);
}
