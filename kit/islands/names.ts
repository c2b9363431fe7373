/** The id of the script element that carries what the page's islands share (IslandContextScript). */
export const ISLAND_CONTEXT_ID = "island-context";

/** The attribute of the islands entry's script element that lists the islands runtime's chunks, space-separated. */
export const RUNTIME_CHUNKS_ATTRIBUTE = "data-island-runtime";
