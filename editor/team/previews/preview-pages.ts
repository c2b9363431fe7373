import { createHash } from "node:crypto";

/** Where a preview's own parts live on its origin, beside the site's addresses, which never start with a dot. */
export const PREVIEW_PATH = "/.preview";
export const BANNER_PATH = `${PREVIEW_PATH}/banner.js`;
export const STATE_PATH = `${PREVIEW_PATH}/state`;
export const ENTER_PATH = `${PREVIEW_PATH}/enter`;
export const SHARE_PATH = `${PREVIEW_PATH}/share/`;

/** Marks every HTML page of a preview, added as it is served: the build's own bytes stay as built. */
export const PREVIEW_HEAD = `<meta name="robots" content="noindex, nofollow"><script src="${BANNER_PATH}" defer></script>`;

/** A page of the site with the preview's marks, right after its <head> opens. */
export function markedPage(html: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return PREVIEW_HEAD + html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + PREVIEW_HEAD + html.slice(at);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const STATUS_STYLE =
  "body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f6f7f9;color:#1b1f24}main{max-width:36rem;margin:1.5rem;padding:1.5rem 2rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:0}";
const STYLE_HASH = `'sha256-${createHash("sha256").update(STATUS_STYLE).digest("base64")}'`;

/** The preview's own pages (being built, failed, private) allow their one style and nothing else. */
export const STATUS_PAGE_CSP = `default-src 'none'; style-src ${STYLE_HASH}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** A page of the preview's own: its state in the catalogue's words; one being built reloads itself. */
export function statusPage({ message, hint, reload }: { message: string; hint: string; reload: boolean }): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">${reload ? '<meta http-equiv="refresh" content="5">' : ""}<title>${escapeHtml(message)}</title><style>${STATUS_STYLE}</style></head>
<body><main><h1>${escapeHtml(message)}</h1><p>${escapeHtml(hint)}</p></main></body>
</html>
`;
}

/** What the banner shows, which its script asks the preview for (`STATE_PATH`). */
export interface BannerState {
  text: string;
  /** On a narrow screen: its first line ("Preview of request #12"), and the rest of `text` for a second line. */
  short: string;
  detail: string;
  /** The label of the button that shows all of it there. */
  details: string;
  /** A newer build under way, or the latest failed: a second line. */
  note?: string;
  /** When the request is scheduled to go live, in the zone it was given in. */
  schedule?: string;
  /** A new build is under way: the banner asks again a little later. */
  updating: boolean;
  /** Back to the request's review in the editor, for people of the team. */
  review?: { href: string; label: string };
}

/**
 * The banner: a bar fixed over the page in a closed shadow root of its own, so that the page's styles and scripts
 * neither change nor read it. It is the preview's, not the page's: nothing of it is in the built files. Its styles
 * are set property by property (the site's policy allows no style element of the preview's). On a phone's width it
 * keeps to two lines at the foot of the page, far from the page's own header: the request's number with Details and
 * the link to the review, then what matters next (a build under way, when it goes live, or its title and build) cut
 * to the width; Details shows every word, a line each, above them.
 */
export const BANNER_SCRIPT = `"use strict";
(() => {
  const host = document.createElement("preview-banner");
  const root = host.attachShadow({ mode: "closed" });
  const bar = document.createElement("div");
  bar.setAttribute("role", "status");
  root.append(bar);
  const narrow = matchMedia("(max-width: 560px)");
  const BAR =
    "position:fixed;inset:auto 0 0 0;z-index:2147483647;box-sizing:border-box;font:14px/1.4 system-ui,sans-serif;" +
    "background:#1b1f24;color:#fff;box-shadow:0 -2px 8px #0004;";
  const ONE_LINE = "overflow:hidden;white-space:nowrap;text-overflow:ellipsis;min-width:0;";
  let state;
  let open = false;
  const make = (tag, text, css) => {
    const element = document.createElement(tag);
    if (text) element.textContent = text;
    if (css) element.style.cssText = css;
    return element;
  };
  const reviewLink = () => {
    const link = make("a", state.review.label, "color:#9ecbff;flex:none;");
    link.href = state.review.href;
    return link;
  };
  const wide = () => {
    bar.style.cssText =
      BAR + "display:flex;gap:1rem;align-items:center;justify-content:center;flex-wrap:wrap;padding:.5rem 1rem;";
    bar.append(make("span", state.text));
    if (state.schedule) bar.append(make("strong", state.schedule));
    if (state.note) bar.append(make("strong", state.note));
    if (state.review) bar.append(reviewLink());
  };
  const phone = () => {
    bar.style.cssText =
      BAR +
      "display:flex;flex-direction:column;gap:.125rem;font-size:13px;" +
      "padding:.375rem .75rem calc(.375rem + env(safe-area-inset-bottom, 0px));";
    if (open) {
      const all = make("div", "", "display:flex;flex-direction:column;gap:.25rem;max-height:40vh;overflow:auto;padding-bottom:.375rem;");
      all.id = "preview-details";
      all.append(make("span", state.text));
      if (state.schedule) all.append(make("strong", state.schedule));
      if (state.note) all.append(make("strong", state.note));
      bar.append(all);
    }
    const first = make("div", "", "display:flex;align-items:center;gap:.75rem;");
    first.append(make("strong", state.short, ONE_LINE + "flex:1;"));
    const toggle = make(
      "button",
      state.details + (open ? " \u25be" : " \u25b4"),
      "flex:none;font:inherit;color:#fff;background:#ffffff1f;border:1px solid #ffffff47;border-radius:6px;" +
        "padding:.125rem .5rem;cursor:pointer;",
    );
    toggle.type = "button";
    toggle.setAttribute("aria-expanded", String(open));
    toggle.setAttribute("aria-controls", "preview-details");
    toggle.addEventListener("click", () => {
      open = !open;
      show();
      root.querySelector("button").focus();
    });
    first.append(toggle);
    if (state.review) first.append(reviewLink());
    bar.append(first);
    if (!open) {
      const next = state.note || state.schedule;
      bar.append(make(next ? "strong" : "span", next || state.detail, ONE_LINE + (next ? "" : "color:#c9d1d9;")));
    }
  };
  const show = () => {
    bar.replaceChildren();
    if (narrow.matches) phone();
    else wide();
    if (!host.isConnected) document.documentElement.append(host);
  };
  narrow.addEventListener("change", () => state && show());
  const ask = () =>
    fetch("${STATE_PATH}", { credentials: "same-origin", cache: "no-store" })
      .then((response) => (response.ok ? response.json() : undefined))
      .then((next) => {
        if (!next) return;
        state = next;
        show();
        if (state.updating) setTimeout(ask, 10000);
      })
      .catch(() => undefined);
  ask();
})();
`;
