import { useCallback, useEffect, useState } from "react";
import { editorErrors } from "../../contract/errors.ts";
import { ApiError, type Bootstrap, type Refusal, api, catalogueLine, refusalOf } from "./api.ts";
import { CatalogueAlert } from "./CatalogueAlert.tsx";
import { DocumentEditor } from "./DocumentEditor.tsx";
import { PageList } from "./PageList.tsx";
import { CHANGES_HASH } from "./changes/ChangesLink.tsx";
import { ChangesView } from "./changes/ChangesView.tsx";
import { useGetLatest } from "./latest/useGetLatest.ts";
import { REVIEW_HASH, ReviewView } from "./team/ReviewView.tsx";
import { TEAM_HASH, TeamView } from "./team/TeamView.tsx";

const fileFromHash = () => (location.hash.startsWith("#/edit/") ? decodeURIComponent(location.hash.slice(7)) : null);

/** The editor: the list of pages, or one document being edited (its file is in the address, so a reload reopens it). */
export function App() {
  const [boot, setBoot] = useState<Bootstrap | null>(null);
  const [failure, setFailure] = useState<Refusal | null>(null);
  const [file, setFile] = useState(fileFromHash);
  const [changes, setChanges] = useState(() => location.hash === CHANGES_HASH);
  const [team, setTeam] = useState(() => location.hash === TEAM_HASH);
  const [review, setReview] = useState(() => location.hash === REVIEW_HASH);
  const [arrived, setArrived] = useState(false);
  // Bumped when Get latest changed the open page's file: the page is opened again from disk.
  const [generation, setGeneration] = useState(0);

  const refresh = useCallback(
    () =>
      api
        .bootstrap()
        .then(setBoot, (error: unknown) =>
          setFailure(error instanceof ApiError ? refusalOf(error) : catalogueLine(editorErrors.noServer)),
        ),
    [],
  );
  const latest = useGetLatest(
    useCallback(
      (files: string[]) => {
        void refresh();
        if (file && files.includes(file)) setGeneration((n) => n + 1);
      },
      [refresh, file],
    ),
    boot?.blocks,
  );
  useEffect(() => {
    void refresh();
    const onHash = () => {
      setFile(fileFromHash());
      setChanges(location.hash === CHANGES_HASH);
      setTeam(location.hash === TEAM_HASH);
      setReview(location.hash === REVIEW_HASH);
      setArrived(true);
    };
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, [refresh]);

  const metas = boot?.blocks ?? [];
  const open = (next: string | null) => {
    location.hash = next ? `#/edit/${encodeURIComponent(next)}` : "";
  };

  if (failure)
    return (
      <main className="pages" id="main">
        <CatalogueAlert refusal={failure} />
      </main>
    );
  if (!boot)
    return (
      <main className="pages" id="main">
        <p className="muted">Loading…</p>
      </main>
    );
  if (team && boot.person?.role === "admin") return <TeamView arrived={arrived} onBack={() => open(null)} />;
  if (review && (boot.person?.role === "publisher" || boot.person?.role === "admin"))
    return <ReviewView arrived={arrived} boot={boot} onBack={() => open(null)} />;
  if (changes)
    return (
      <ChangesView boot={boot} arrived={arrived} onBack={() => open(null)} onOpen={open} onPagesChanged={refresh} />
    );
  if (file)
    return (
      <DocumentEditor
        key={`${file}#${generation}`}
        file={file}
        boot={boot}
        metas={metas}
        arrived={arrived}
        onBack={() => {
          open(null);
          void refresh();
        }}
        onPagesChanged={refresh}
        latest={latest}
      />
    );
  /** Makes a page on the server and opens it; a refusal is handed back to be shown where it was asked for. */
  const make = async (request: () => Promise<{ file: string }>) => {
    try {
      const created = await request();
      await refresh();
      open(created.file);
      return undefined;
    } catch (error) {
      if (error instanceof ApiError) return refusalOf(error);
      throw error;
    }
  };
  return (
    <PageList
      pages={boot.pages}
      sections={boot.sectionList}
      arrived={arrived}
      templates={boot.templates}
      git={boot.git}
      latest={latest}
      onOpen={open}
      onCreate={(template, slug, name) => make(() => api.createPage(template, slug, name))}
      onDuplicate={(file, slug) => make(() => api.duplicatePage(file, slug))}
      onTranslate={(file, locale, path) => make(() => api.translate(file, locale, path))}
      person={boot.person}
    />
  );
}
