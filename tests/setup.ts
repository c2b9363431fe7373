import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(cleanup);

// jsdom has no matchMedia; Chakra and the reduced-motion checks ask it.
if (typeof window !== "undefined" && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom has the dialog element but not its methods; these do what the browser's do to its `open` attribute.
if (typeof HTMLDialogElement !== "undefined") {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
}

/**
 * A passing run prints no React warning about act(): one means a test let React update outside what it awaited, or
 * rendered outside an act() environment, and its assertions may have read the page before the update. The warning
 * fails the test that caused it instead (installed once per worker: this file runs before each test file).
 */
const ACT_WARNINGS = [/not wrapped in act\(/, /not configured to support act\(/];
const guarded = globalThis as { [key: symbol]: boolean };
const ACT_GUARD = Symbol.for("voxa-site.act-guard");
if (!guarded[ACT_GUARD]) {
  guarded[ACT_GUARD] = true;
  const error = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    const text = args.map(String).join(" ");
    if (ACT_WARNINGS.some((warning) => warning.test(text))) throw new Error(`React warned: ${text}`);
    error(...args);
  };
}
