import { SIGN_IN_PATH } from "../protocol.ts";
import { entryByCode, teamAccessErrors } from "../../contract/errors.ts";

/** Where a browser without a session is sent: the team editor's sign-in page. */
export const SIGN_IN_PAGE_PATH = SIGN_IN_PATH;
export const SIGN_IN_SCRIPT_PATH = "/team/sign-in.js";
export const SIGN_IN_STYLE_PATH = "/team/sign-in.css";
export const OIDC_START_PATH = "/team/oidc/start";
/** The sign-in pages' icon, served to anyone: the browser asks for one before anybody has signed in. */
export const SIGN_IN_ICON_PATH = "/team/icon.svg";
export const SIGN_IN_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#1d4ed8"/><path d="M9 9l7 15 7-15" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/></svg>
`;

/** The page's own words (its labels); what it tells a person comes from the catalogue. */
const WORDS = {
  title: "Sign in · Page editor",
  heading: "Sign in to the page editor",
  lead: "Edit the site's pages with your team. Your changes are yours until you publish them for review.",
  provider: "Continue with your company account",
  or: "or",
  email: "Work e-mail",
  sendLink: "E-mail me a sign-in link",
  printLink: "Get a sign-in link",
  terminalNote: "On this machine, the link is printed in the terminal that started the editor.",
};

export interface SignInPageOptions {
  provider: boolean;
  links: boolean;
  linksToTerminal: boolean;
  /** The code of the refusal that sent the browser back here, if any (a query parameter, never a secret). */
  refused?: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Only the sign-in's own refusals are shown: a code from elsewhere is ignored, not echoed. */
const SIGN_IN_CODES: ReadonlySet<string> = new Set(Object.values(teamAccessErrors).map((entry) => entry.code));

function refusalNote(code: string | undefined): string {
  const entry = code && SIGN_IN_CODES.has(code) ? entryByCode(code) : undefined;
  if (!entry || typeof entry.message !== "string") return "";
  return `<div class="note note-refused" role="alert"><strong>${escapeHtml(entry.title)}</strong><p>${escapeHtml(
    entry.message,
  )}. ${escapeHtml(entry.hint)}</p></div>`;
}

/** The sign-in page: the provider's button and the e-mailed link's form, whichever the editor offers. */
export function signInPage(options: SignInPageOptions): string {
  const provider = options.provider
    ? `<a class="button button-primary" href="${OIDC_START_PATH}">${WORDS.provider}</a>`
    : "";
  const divider = options.provider && options.links ? `<p class="divider"><span>${WORDS.or}</span></p>` : "";
  const form = options.links
    ? `<form id="link-form" novalidate>
        <label for="email">${WORDS.email}</label>
        <input id="email" name="email" type="email" autocomplete="email" required placeholder="jane.smith@company.com">
        <button class="button ${options.provider ? "button-secondary" : "button-primary"}" type="submit">${options.linksToTerminal ? WORDS.printLink : WORDS.sendLink}</button>
        ${options.linksToTerminal ? `<p class="small">${WORDS.terminalNote}</p>` : ""}
      </form>
      <div id="status" class="note" role="status" aria-live="polite" hidden></div>`
    : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${WORDS.title}</title>
<link rel="icon" href="${SIGN_IN_ICON_PATH}" type="image/svg+xml">
<link rel="stylesheet" href="${SIGN_IN_STYLE_PATH}">
${options.links ? `<script src="${SIGN_IN_SCRIPT_PATH}" defer></script>` : ""}
</head>
<body>
<main class="card">
  <p class="mark" aria-hidden="true">V</p>
  <h1>${WORDS.heading}</h1>
  <p class="lead">${WORDS.lead}</p>
  ${refusalNote(options.refused)}
  ${provider}
  ${divider}
  ${form}
</main>
</body>
</html>
`;
}

/** Posts the address to /team/link and shows the catalogue's answer in the page. */
export const SIGN_IN_SCRIPT = `"use strict";
const form = document.getElementById("link-form");
const status = document.getElementById("status");
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const button = form.querySelector("button");
  button.disabled = true;
  status.hidden = true;
  try {
    const response = await fetch("/team/link", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: form.email.value }),
    });
    const answer = await response.json();
    const words = response.ok ? answer : answer.error;
    status.className = response.ok ? "note note-sent" : "note note-refused";
    status.textContent = words.message + (words.hint ? ". " + words.hint : "");
  } catch {
    status.className = "note note-refused";
    status.textContent = ${JSON.stringify(`${teamAccessErrors.linkNotRequested.message}. ${teamAccessErrors.linkNotRequested.hint}`)};
  }
  status.hidden = false;
  button.disabled = false;
});
`;

/** The sign-in page's and the link page's look: the editor's colours, one card, readable at 390 px. */
export const SIGN_IN_STYLE = `:root { --bg: #f4f6fa; --panel: #fff; --line: #dde2ea; --text: #162033; --muted: #586377;
  --accent: #1d4ed8; --accent-dark: #1e40af; --danger: #b42318; --danger-soft: #fef3f2; --ok: #067647; --ok-soft: #ecfdf3;
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--text); background: var(--bg); }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 24px 16px; }
.card { width: 100%; max-width: 420px; background: var(--panel); border: 1px solid var(--line); border-radius: 12px;
  padding: 32px 28px; box-shadow: 0 8px 24px rgb(22 32 51 / 8%); }
.mark { width: 40px; height: 40px; margin: 0 0 20px; border-radius: 10px; background: var(--accent); color: #fff;
  display: grid; place-items: center; font-weight: 700; font-size: 20px; }
h1 { margin: 0 0 8px; font-size: 22px; line-height: 1.25; }
.lead { margin: 0 0 24px; color: var(--muted); }
.button { display: block; width: 100%; padding: 11px 16px; border-radius: 8px; font: inherit; font-weight: 600;
  text-align: center; text-decoration: none; cursor: pointer; border: 1px solid transparent; }
.button-primary { background: var(--accent); color: #fff; }
.button-primary:hover { background: var(--accent-dark); }
.button-secondary { background: #fff; color: var(--accent); border-color: var(--line); }
.button-secondary:hover { border-color: var(--accent); }
.button:focus-visible, input:focus-visible { outline: 3px solid rgb(29 78 216 / 35%); outline-offset: 2px; }
.button:disabled { opacity: 0.6; cursor: progress; }
.divider { display: flex; align-items: center; gap: 12px; margin: 20px 0; color: var(--muted); font-size: 13px; }
.divider::before, .divider::after { content: ""; flex: 1; border-top: 1px solid var(--line); }
label { display: block; font-weight: 600; margin-bottom: 6px; }
input { display: block; width: 100%; padding: 10px 12px; margin-bottom: 12px; border: 1px solid #b8c0cc; border-radius: 8px;
  font: inherit; color: var(--text); }
.small { margin: 12px 0 0; color: var(--muted); font-size: 13px; }
.note { margin: 16px 0 0; padding: 12px 14px; border-radius: 8px; font-size: 14px; }
.note p { margin: 4px 0 0; }
.note-refused { background: var(--danger-soft); color: var(--danger); margin: 0 0 20px; }
#status.note-refused { margin: 16px 0 0; }
.note-sent { background: var(--ok-soft); color: var(--ok); }
`;
