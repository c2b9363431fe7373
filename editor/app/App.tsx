import { useCallback, useEffect, useState } from "react";
import { Navigate, Route, Routes, useLocation, useMatch, useNavigate } from "react-router";
import { editorErrors } from "../../contract/errors.ts";
import { EDITOR_VIEWS, editAddress } from "../protocol.ts";
import { addressOfHash } from "./addresses.ts";
import { ApiError, type Bootstrap, type Refusal, api, catalogueLine, refusalOf } from "./api.ts";
import { CatalogueAlert } from "./CatalogueAlert.tsx";
import { DocumentEditor } from "./DocumentEditor.tsx";
import { PageList } from "./PageList.tsx";
import { ChangesView } from "./changes/ChangesView.tsx";
import { useGetLatest } from "./latest/useGetLatest.ts";
import { MediaView } from "./media/MediaView.tsx";
import { CalendarView } from "./schedule/CalendarView.tsx";
import { BROWSER_CLOCK } from "./schedule/useScheduling.ts";
import { ReviewView } from "./team/ReviewView.tsx";
import { TeamView } from "./team/TeamView.tsx";

/** A request's number in its review's address; anything else there is no request's. */
const REQUEST_NUMBER = /^[1-9]\d{0,9}$/;

/**
 * The editor: the list of pages, a document being edited, the Changes view, the media library, a publisher's review,
 * the team's calendar of schedules and the admin's Team view, each at an address of its own (editor/protocol.ts): a reload reopens it, Back and
 * Forward go through them.
 */
export function App() {
  const location = useLocation();
  const navigate = useNavigate();
  const file = useMatch(EDITOR_VIEWS.edit)?.params["*"] || null;
  const request = useMatch(EDITOR_VIEWS.request)?.params.number;
  const [boot, setBoot] = useState<Bootstrap | null>(null);
  const [failure, setFailure] = useState<Refusal | null>(null);
  // Whether the view shown was reached from another one (its heading then takes the focus), not opened by its address.
  const [shown, setShown] = useState(location.key);
  const [arrived, setArrived] = useState(false);
  if (location.key !== shown) {
    setShown(location.key);
    setArrived(true);
  }
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
  useEffect(() => void refresh(), [refresh]);

  const open = (next: string | null) => void navigate(next ? editAddress(next) : EDITOR_VIEWS.pages);
  const toPages = <Navigate replace to={EDITOR_VIEWS.pages} />;

  // A bookmark of the editor's earlier addresses (#/edit/…, #/changes): its view at its address now.
  const moved = addressOfHash(location.hash);
  if (moved !== undefined) return <Navigate replace to={moved} />;
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
  const role = boot.person?.role;
  const reviews = role === "publisher" || role === "admin";
  /** Makes a page on the server and opens it; a refusal is handed back to be shown where it was asked for. */
  const make = async (ask: () => Promise<{ file: string }>) => {
    try {
      const created = await ask();
      await refresh();
      open(created.file);
      return undefined;
    } catch (error) {
      if (error instanceof ApiError) return refusalOf(error);
      throw error;
    }
  };
  return (
    <Routes>
      <Route
        path={EDITOR_VIEWS.pages}
        element={
          <PageList
            pages={boot.pages}
            sections={boot.sectionList}
            arrived={arrived}
            templates={boot.templates}
            git={boot.git}
            latest={latest}
            onOpen={open}
            onCreate={(template, slug, name) => make(() => api.createPage(template, slug, name))}
            onDuplicate={(from, slug) => make(() => api.duplicatePage(from, slug))}
            onTranslate={(from, locale, path) => make(() => api.translate(from, locale, path))}
            person={boot.person}
          />
        }
      />
      <Route
        path={EDITOR_VIEWS.edit}
        element={
          file ? (
            <DocumentEditor
              key={`${file}#${generation}`}
              file={file}
              boot={boot}
              metas={boot.blocks}
              arrived={arrived}
              onBack={() => {
                open(null);
                void refresh();
              }}
              onPagesChanged={refresh}
              latest={latest}
            />
          ) : (
            toPages
          )
        }
      />
      <Route
        path={EDITOR_VIEWS.changes}
        element={
          <ChangesView boot={boot} arrived={arrived} onBack={() => open(null)} onOpen={open} onPagesChanged={refresh} />
        }
      />
      <Route
        path={EDITOR_VIEWS.media}
        element={<MediaView arrived={arrived} person={boot.person} onBack={() => open(null)} />}
      />
      <Route
        path={EDITOR_VIEWS.review}
        element={reviews ? <ReviewView arrived={arrived} boot={boot} onBack={() => open(null)} /> : toPages}
      />
      <Route
        path={EDITOR_VIEWS.request}
        element={
          !reviews ? (
            toPages
          ) : request && REQUEST_NUMBER.test(request) ? (
            <ReviewView
              key={request}
              number={Number(request)}
              arrived={arrived}
              boot={boot}
              onBack={() => open(null)}
            />
          ) : (
            <Navigate replace to={EDITOR_VIEWS.review} />
          )
        }
      />
      <Route
        path={EDITOR_VIEWS.calendar}
        element={
          boot.person ? (
            <CalendarView arrived={arrived} person={boot.person} clock={BROWSER_CLOCK} onBack={() => open(null)} />
          ) : (
            toPages
          )
        }
      />
      <Route
        path={EDITOR_VIEWS.team}
        element={role === "admin" ? <TeamView arrived={arrived} onBack={() => open(null)} /> : toPages}
      />
      <Route path="*" element={toPages} />
    </Routes>
  );
}
