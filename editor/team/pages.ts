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

/** The page an e-mailed link opens: its script posts the fragment's token, then goes to the editor. */
export const LINK_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${teamAccessErrors.signingIn.message}</title><link rel="stylesheet" href="/team/sign-in.css"><script src="/team/link.js" defer></script></head>
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
