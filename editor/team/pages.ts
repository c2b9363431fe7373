import { teamAccessErrors } from "../../contract/errors.ts";

/**
 * The Content-Security-Policy of the team editor's pages: scripts, styles and connections from the editor's own
 * origin only, no plugins, no framing, no <base>, forms posting only home.
 */
export const STRICT_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * The Content-Security-Policy of the editor's own pages (the tab and its preview) in the team editor: scripts and
 * connections from its own origin only, nothing may frame it but itself. Styles may be inline (the site's components
 * write theirs at run time); images, videos and embedded players may come from any https:// address a page names.
 */
export const EDITOR_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' https:",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

/** The page an e-mailed link opens: its script posts the fragment's token, then goes to the editor. */
export const LINK_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${teamAccessErrors.signingIn.message}</title><link rel="icon" href="/team/icon.svg" type="image/svg+xml"><link rel="stylesheet" href="/team/sign-in.css"><script src="/team/link.js" defer></script></head>
<body><main class="card"><p id="status">${teamAccessErrors.signingIn.message}</p></main></body>
</html>
`;

export const LINK_SCRIPT = `"use strict";
const token = location.hash.slice(1);
history.replaceState(null, "", location.pathname);
fetch("/team/link/use", {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ token }),
}).then(async (response) => {
  if (response.ok) return location.replace("/");
  const answer = await response.json();
  document.getElementById("status").textContent = answer.error.message + ". " + answer.error.hint;
});
`;
