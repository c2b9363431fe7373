// Generated from the block folders by scripts/generate.ts (npm run gen). Do not edit.
import hero from "../../blocks/hero/rotate-words.ts";

/** The blocks' DOM-only enhancements, run by the browser entry after the first paint. */
export const enhancements: (() => void)[] = [hero];
