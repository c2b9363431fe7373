import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
// First, the rules every view shares; each component imports its own after them, and phone.css comes last, as it lays
// them out again on a phone.
import "./base.css";
import { addressOfHash } from "./addresses.ts";
import { App } from "./App.tsx";
import { BranchChoice } from "./branch/BranchChoice.tsx";
import { EditorBoundary } from "./EditorBoundary.tsx";
import "./phone.css";

// A bookmark of the editor's earlier addresses (#/edit/…) opens at the view's address now, before the first view shows.
const moved = addressOfHash(location.hash);
if (moved !== undefined) history.replaceState(null, "", moved);

createRoot(document.getElementById("root")!).render(
  <EditorBoundary>
    {/* First: what was chosen shows as a band above every screen, in the flow, covering nothing until closed. */}
    <BranchChoice />
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </EditorBoundary>,
);
