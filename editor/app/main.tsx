import { createRoot } from "react-dom/client";
// First, the rules every view shares; each component imports its own after them, and phone.css comes last, as it lays
// them out again on a phone.
import "./base.css";
import { App } from "./App.tsx";
import { BranchChoice } from "./branch/BranchChoice.tsx";
import { EditorBoundary } from "./EditorBoundary.tsx";
import "./phone.css";

createRoot(document.getElementById("root")!).render(
  <EditorBoundary>
    {/* First: what was chosen shows as a band above every screen, in the flow, covering nothing until closed. */}
    <BranchChoice />
    <App />
  </EditorBoundary>,
);
