import { useState } from "react";
import type { MediaFile } from "../../protocol.ts";
import { api } from "../api.ts";
import { useAnswer } from "../useAnswer.ts";

/** Whether a file's name holds every word of a search, in any order ("team 2024" finds "team-photo-2024.jpg"). */
const matches = (file: MediaFile, words: string[]) =>
  words.every((word) => file.name.toLowerCase().includes(word) || file.src.toLowerCase().includes(word));

/**
 * The media library as a view or a picker holds it: every file of public/media/ with the pages that use it and the
 * shapes the site cuts pictures to (GET /api/media/library), the search typed, the files it leaves (those `accepts`
 * takes, when given: a field's own formats), and the file selected.
 */
export function useMediaLibrary(accepts?: (file: MediaFile) => boolean) {
  const { answer, failure, reload } = useAnswer(api.mediaLibrary);
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState<string | null>(null);
  const words = query
    .toLowerCase()
    .split(/[\s_]+/)
    .filter(Boolean);
  const offered = (answer?.files ?? []).filter((file) => !accepts || accepts(file));
  const files = offered.filter((file) => matches(file, words));
  return {
    answer,
    failure,
    reload,
    query,
    setQuery,
    /** The files the search leaves, in the library's order (by name). */
    files,
    /** How many files there are to search (a field's own formats, when it takes only some). */
    total: offered.length,
    aspects: answer?.aspects ?? [],
    selected: answer?.files.find((file) => file.src === selected) ?? null,
    select: setSelected,
  };
}

export type MediaLibrary = ReturnType<typeof useMediaLibrary>;
