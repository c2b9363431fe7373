import { Component, type ReactNode } from "react";
import { editorErrors } from "../../contract/errors.ts";

/**
 * Whatever fails while the editor draws itself shows the catalogue's words and a way on, not a blank tab. Drafts are
 * written to the browser's storage on every change, so reloading loses nothing.
 */
export class EditorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    const { title, message, hint } = editorErrors.crashed;
    return (
      <main className="pages" id="main">
        <h1>{title}</h1>
        <div role="alert">
          <p>{message}</p>
          <p className="muted">{hint}</p>
        </div>
        <button type="button" className="button button-primary" onClick={() => location.reload()}>
          Reload the tab
        </button>
      </main>
    );
  }
}
