/** The id of the script element that carries what the page's islands share (IslandContextScript). */
export const ISLAND_CONTEXT_ID = "island-context";

/** The attribute of the islands entry's script element that lists the islands runtime's chunks, space-separated. */
export const RUNTIME_CHUNKS_ATTRIBUTE = "data-island-runtime";

/**
 * The attribute of the islands entry's script element that lists, space-separated, the block types of the page whose
 * DOM enhancements the entry runs (their modules are preloaded beside it).
 */
export const ENHANCEMENTS_ATTRIBUTE = "data-enhancements";
