import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { BranchChoice } from "./branch/BranchChoice.tsx";
import { EditorBoundary } from "./EditorBoundary.tsx";
import "./editor.css";
import "./phone.css";

createRoot(document.getElementById("root")!).render(
  <EditorBoundary>
    {/* First: what was chosen shows as a band above every screen, in the flow, covering nothing until closed. */}
    <BranchChoice />
    <App />
  </EditorBoundary>,
);
