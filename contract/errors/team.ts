/** The team editor's sign-in: its settings, the people file, and the refusals of sign-in, sessions and roles. */
import { entry, info } from "./entry.ts";

/** Settings of the team editor (editor/team/config.ts), read from the environment when the editor starts. */
export const teamConfigErrors = {
  publicUrl: entry({
    code: "TEAM_PUBLIC_URL",
    title: "Team editor address missing",
    message: "EDIT_TEAM_URL must be the editor's public address, such as https://edit.company.com",
    hint: "Set EDIT_TEAM_URL to the address people open (https://…; http:// only for http://localhost or 127.0.0.1).",
  }),
  oidcIncomplete: entry<{ missing: string }>({
    code: "TEAM_OIDC_INCOMPLETE",
    title: "OpenID Connect settings incomplete",
    message: ({ missing }) => `sign-in with the team's provider needs ${missing}`,
    hint: "Set EDIT_OIDC_ISSUER (the provider's issuer address), EDIT_OIDC_CLIENT_ID and EDIT_OIDC_CLIENT_SECRET together, or none of them.",
  }),
  oidcIssuer: entry({
    code: "TEAM_OIDC_ISSUER",
    title: "Invalid issuer address",
    message: "EDIT_OIDC_ISSUER must be an https:// address (http:// only on localhost)",
    hint: "Copy the issuer from the provider's settings, e.g. https://accounts.google.com or https://login.microsoftonline.com/<tenant>/v2.0.",
  }),
  mailIncomplete: entry({
    code: "TEAM_MAIL_INCOMPLETE",
    title: "E-mailed sign-in links incomplete",
    message: "sign-in by e-mailed link needs SMTP_URL (smtp:// or smtps://) and EDIT_TEAM_MAIL_FROM (an address)",
    hint: "Set both, or neither to offer sign-in with the provider only.",
  }),
  mailFrom: entry<{ from: string }>({
    code: "TEAM_MAIL_FROM",
    title: "Sender not an address",
    message: ({ from }) =>
      `EDIT_TEAM_MAIL_FROM must be the address the mails come from, alone or after a name; it is '${from}'`,
    hint: 'Write an address, such as editor@company.com, or a name and the address in angle brackets: "Page editor <editor@company.com>" (quoted in a shell).',
  }),
  noSignIn: entry({
    code: "TEAM_NO_SIGN_IN",
    title: "No way to sign in",
    message:
      "the team editor needs sign-in with a provider (EDIT_OIDC_*) or by e-mailed link (SMTP_URL, EDIT_TEAM_MAIL_FROM)",
    hint: "Configure at least one of the two: see docs/team-editor.md.",
  }),
  databaseUrl: entry({
    code: "TEAM_DATABASE_URL",
    title: "Invalid database address",
    message: "EDIT_TEAM_DATABASE_URL must be a postgres:// or postgresql:// address",
    hint: "Give the PostgreSQL database every instance of the editor shares, or remove the setting to keep SQLite (EDIT_TEAM_SQLITE).",
  }),
  linksToTerminal: entry({
    code: "TEAM_LINKS_TO_TERMINAL",
    title: "Sign-in links in the terminal refused",
    message: "EDIT_TEAM_LINKS_TO_TERMINAL is allowed only when EDIT_TEAM_URL is http://localhost or http://127.0.0.1",
    hint: "On a shared address, mail the links (SMTP_URL, EDIT_TEAM_MAIL_FROM) or sign in with the team's provider (EDIT_OIDC_*).",
  }),
  forgeNotFound: entry<{ token: string; address: string; from: string }>({
    code: "TEAM_FORGE_NOT_FOUND",
    title: "No forge for the token",
    message: ({ token, address, from }) =>
      `${token} is set, but the site's repository, ${address} (${from}), is on no forge the editor knows, so no review request could be opened or merged with it`,
    hint: "Set EDIT_TEAM_SOURCE to the repository's GitHub or GitLab address, name the repository with GITHUB_REPOSITORY (GitLab: CI_PROJECT_PATH), or unset the token (docs/team-editor.md, How the editor finds its forge).",
  }),
  forgeUrl: entry<{ setting: string; value: string; example: string }>({
    code: "TEAM_FORGE_URL",
    title: "Invalid forge address",
    message: ({ setting, value, example }) =>
      `${setting} must be an https:// address (http:// only on localhost), such as ${example}; it is '${value}'`,
    hint: "Copy the address from the forge (docs/team-editor.md, How the editor finds its forge), or remove the setting for github.com or gitlab.com.",
  }),
  forgeRepository: entry<{ setting: string; value: string; example: string }>({
    code: "TEAM_FORGE_REPOSITORY",
    title: "Invalid repository name",
    message: ({ setting, value, example }) =>
      `${setting} must name the repository by its path on the forge, such as ${example}; it is '${value}'`,
    hint: "Write the owner (or group) and the repository's name, as in its address on the forge, without the host or .git.",
  }),
  insecureCookies: entry({
    code: "TEAM_INSECURE_COOKIES",
    title: "Cookies without Secure refused",
    message: "EDIT_TEAM_INSECURE_COOKIES is allowed only when EDIT_TEAM_URL is http://localhost or http://127.0.0.1",
    hint: "Serve the editor over https:// and remove EDIT_TEAM_INSECURE_COOKIES.",
  }),
  previews: entry<{ value: string }>({
    code: "TEAM_PREVIEWS_SETTING",
    title: "Unknown previews setting",
    message: ({ value }) => `EDIT_TEAM_PREVIEWS is “${value}”: it is on or off`,
    hint: "Set EDIT_TEAM_PREVIEWS=off to build no previews of review requests, or remove it (on, the default).",
  }),
} as const;

/** The people file (editor-team.json at the repository's root): who may sign in, and with which role. */
export const teamPeopleErrors = {
  missing: entry<{ file: string }>({
    code: "TEAM_PEOPLE_MISSING",
    title: "People file missing",
    message: ({ file }) => `${file} does not exist: nobody could sign in`,
    hint: 'Create it with the addresses and domains that may sign in, e.g. { "people": { "jane@company.com": "admin" }, "domains": { "company.com": "viewer" } }.',
  }),
  syntax: entry<{ file: string; line: number; column: number; problem: string }>({
    code: "TEAM_PEOPLE_SYNTAX",
    title: "People file is not JSON",
    message: ({ file, line, column, problem }) => `${file}:${line}:${column}  ${problem}`,
    hint: "Fix the JSON at that place (no comments, no trailing commas).",
  }),
  invalid: entry<{ file: string; line: number; column: number; pointer: string; problem: string }>({
    code: "TEAM_PEOPLE_INVALID",
    title: "People file invalid",
    message: ({ file, line, column, pointer, problem }) => `${file}:${line}:${column}  ${pointer || "/"}  ${problem}`,
    hint: "Follow schemas/editor-team.schema.json: addresses under people, domains under domains, each mapped to viewer, author, publisher or admin.",
  }),
} as const;

/**
 * What the team editor answers a browser: refusals of sign-in, sessions, CSRF and roles, and the sign-in notices.
 * None of them carries a token, a code or a session id.
 */
export const teamAccessErrors = {
  signInRequired: entry({
    code: "TEAM_SIGN_IN_REQUIRED",
    status: 401,
    title: "Not signed in",
    message: "Sign in to use the editor",
    hint: "Sign in again: the session ended (signed out, idle too long, too old, or ended by an admin).",
  }),
  roleTooLow: entry<{ role: string; needed: string }>({
    code: "TEAM_ROLE_TOO_LOW",
    status: 403,
    title: "Role too low",
    message: ({ role, needed }) => `This needs the ${needed} role; you are ${role}`,
    hint: "Ask an admin for the role (editor-team.json or the people settings).",
  }),
  csrfMissing: entry({
    code: "TEAM_CSRF_MISSING",
    status: 403,
    title: "Request refused",
    message: "The request carries no CSRF token",
    hint: "Reload the editor: its page carries the session's token and sends it (X-Editor-Token) with every write.",
  }),
  csrfInvalid: entry({
    code: "TEAM_CSRF_INVALID",
    status: 403,
    title: "Request refused",
    message: "The request's CSRF token is not this session's",
    hint: "Reload the editor to get the session's token; a request from another site is refused.",
  }),
  originRefused: entry({
    code: "TEAM_ORIGIN_REFUSED",
    status: 403,
    title: "Request refused",
    message: "Writes are accepted only from the editor's own address",
    hint: "Open the editor at EDIT_TEAM_URL; a request from another site, or without an Origin header, is refused.",
  }),
  flowExpired: entry({
    code: "TEAM_SIGN_IN_EXPIRED",
    status: 400,
    title: "Sign-in expired",
    message: "This sign-in was not started here or took too long",
    hint: "Start the sign-in again from the editor's sign-in page.",
  }),
  stateMismatch: entry({
    code: "TEAM_STATE_MISMATCH",
    status: 400,
    title: "Sign-in refused",
    message: "The provider's answer does not belong to this sign-in",
    hint: "Start the sign-in again from the editor; a link to the callback from elsewhere is refused.",
  }),
  providerRefused: entry({
    code: "TEAM_PROVIDER_REFUSED",
    status: 400,
    title: "Sign-in refused",
    message: "The provider's answer could not be verified",
    hint: "Start the sign-in again; if it fails again, check EDIT_OIDC_* and the editor's clock, and read the server's log.",
  }),
  emailNotVerified: entry({
    code: "TEAM_EMAIL_NOT_VERIFIED",
    status: 403,
    title: "Sign-in refused",
    message: "The provider does not vouch for your e-mail address",
    hint: "Verify the address with the provider (or ask its administrator), then sign in again.",
  }),
  notAllowed: entry({
    code: "TEAM_NOT_ALLOWED",
    status: 403,
    title: "Sign-in refused",
    message: "This address may not use the editor",
    hint: "Ask an admin to add your address or domain to editor-team.json.",
  }),
  emailInvalid: entry({
    code: "TEAM_EMAIL_INVALID",
    status: 400,
    title: "Address invalid",
    message: "Enter an e-mail address, such as jane.smith@company.com",
    hint: "Type the address the team uses for you.",
  }),
  linkSent: info({
    code: "TEAM_LINK_SENT",
    title: "Sign-in link sent",
    message: "If this address may use the editor, a sign-in link is on its way; it works once, for 15 minutes",
    hint: "Open the link in this browser; nothing arrived after a few minutes? Check the address and the spam folder.",
  }),
  linkPrinted: info({
    code: "TEAM_LINK_PRINTED",
    title: "Sign-in link printed",
    message:
      "If this address may use the editor, its sign-in link is printed in the terminal that started the editor; it works once, for 15 minutes",
    hint: "Open the link from the terminal in this browser; the terminal says so when the address may not sign in.",
  }),
  linkNotRequested: entry({
    code: "TEAM_LINK_NOT_REQUESTED",
    title: "Link not requested",
    message: "The editor could not be reached, so no sign-in link was asked for",
    hint: "Check the connection and try again",
  }),
  signingIn: info({
    code: "TEAM_SIGNING_IN",
    title: "Signing in",
    message: "Signing in…",
    hint: "Nothing to do: the page opens the editor once the link is checked.",
  }),
  linkInvalid: entry({
    code: "TEAM_LINK_INVALID",
    status: 400,
    title: "Sign-in link not valid",
    message: "This sign-in link was already used, has expired, or is not one of ours",
    hint: "Ask for a new link on the sign-in page: each link works once, for 15 minutes.",
  }),
  tooManyAttempts: entry({
    code: "TEAM_TOO_MANY_ATTEMPTS",
    status: 429,
    title: "Too many sign-in attempts",
    message: "Too many sign-in attempts for this address or from this network",
    hint: "Wait 15 minutes and try again.",
  }),
  signedOut: info({
    code: "TEAM_SIGNED_OUT",
    title: "Signed out",
    message: "You are signed out",
    hint: "Sign in again to use the editor.",
  }),
  sessionsEnded: info<{ count: number }>({
    code: "TEAM_SESSIONS_ENDED",
    title: "Sessions ended",
    message: ({ count }) => `${count} session${count === 1 ? "" : "s"} ended`,
    hint: "The person must sign in again; remove them from editor-team.json to keep them out.",
  }),
  auditQueryInvalid: entry({
    code: "TEAM_AUDIT_QUERY",
    status: 400,
    title: "Audit query invalid",
    message: "day must be a date such as 2026-11-28",
    hint: "Filter by person (an address), page (a file) and day (YYYY-MM-DD).",
  }),
} as const;

/**
 * Who is here and who is editing (the team editor): the lock on a page its first editor holds while they edit, its
 * refusal, and what the page says to the others and to the person it was taken from.
 */
export const teamLockLines = {
  lockedByOther: entry<{ name: string }>({
    code: "TEAM_PAGE_LOCKED",
    status: 423,
    title: "Page being edited",
    message: ({ name }) => `${name} is editing this page`,
    hint: "Read the page and its preview, or Take over to edit it: they are told, and their unsaved edits are kept as their draft.",
  }),
  editing: info<{ name: string }>({
    code: "TEAM_PAGE_EDITING",
    title: "Read only",
    message: ({ name }) => `${name} is editing this page`,
    hint: "You can read the page and its preview. Take over to edit it: they are told at once, and their unsaved edits are kept as their draft.",
  }),
  takeOverConfirm: info<{ name: string }>({
    code: "TEAM_TAKE_OVER_CONFIRM",
    title: "Take over this page?",
    message: ({ name }) => `${name} is editing this page; taking over makes their editor read-only for it`,
    hint: "They are told at once, and their unsaved edits are saved as their draft, not lost.",
  }),
  takenOver: info<{ name: string }>({
    code: "TEAM_PAGE_TAKEN_OVER",
    title: "Page taken over",
    message: ({ name }) => `${name} took over this page`,
    hint: "Your unsaved edits were saved as your draft. The page is read-only for you until you Take over again.",
  }),
  presence: info<{ names: string }>({
    code: "TEAM_PRESENCE",
    title: "Also here",
    message: ({ names }) => `Also on this page: ${names}`,
    hint: "Each person works on their own copy; the first to change the page holds it while they edit.",
  }),
} as const;

/** What `npm run edit:team` prints in its terminal. */
export const teamLines = {
  started: info<{ url: string; listen: string; ways: string }>({
    code: "TEAM_STARTED",
    title: "Team editor running",
    message: ({ url, listen, ways }) =>
      `Team page editor: ${url}/ (listening on ${listen}). Sign-in: ${ways}. Ctrl+C stops it.`,
    hint: "People sign in at that address; editor-team.json says who may, and with which role (docs/team-editor.md).",
  }),
  localAdmin: info<{ email: string }>({
    code: "TEAM_LOCAL_ADMIN",
    title: "Signed in as the checkout's git user",
    message: ({ email }) =>
      `Nobody is in editor-team.json, so on this machine ${email} (git config user.email) may sign in, as admin`,
    hint: "Add the team's addresses and domains to editor-team.json before serving the editor at a shared address.",
  }),
  forge: info<{ forge: string; repository: string; token: string }>({
    code: "TEAM_FORGE",
    title: "Review requests",
    message: ({ forge, repository, token }) => `Review requests: ${forge}, ${repository}, with the token of ${token}`,
    hint: "Publishing opens a request there; a publisher's Review lists, merges and sends back the team's requests.",
  }),
  forgeWithoutToken: info<{ forge: string; repository: string }>({
    code: "TEAM_FORGE_NO_TOKEN",
    title: "Review requests without a token",
    message: ({ forge, repository }) =>
      `Review requests: ${forge}, ${repository}, but no token, so publishing pushes a branch and links to the page that opens its request, and Review lists nothing`,
    hint: "Give the editor's service GITHUB_TOKEN (GitHub) or GITLAB_TOKEN (GitLab) and restart it (docs/team-editor.md).",
  }),
  noForge: info<{ address: string }>({
    code: "TEAM_NO_FORGE",
    title: "No forge",
    message: ({ address }) =>
      `Review requests: none, as the site's repository, ${address}, is on no forge the editor knows; publishing pushes a branch and gives the git command that asks for its review`,
    hint: "For GitHub or GitLab, set EDIT_TEAM_SOURCE to the repository's address there (docs/team-editor.md, How the editor finds its forge).",
  }),
  previewsOff: info({
    code: "TEAM_PREVIEWS_OFF",
    title: "Previews off",
    message: "Previews of review requests: off (EDIT_TEAM_PREVIEWS=off)",
    hint: "Remove EDIT_TEAM_PREVIEWS=off and restart the editor to build a live preview of each open request (docs/team-editor.md, Previews of review requests).",
  }),
  copiesMoved: info<{ count: number; address: string }>({
    code: "TEAM_COPIES_MOVED",
    title: "Copies moved to the new source",
    message: ({ count, address }) =>
      `${count === 1 ? "One person's copy" : `${count} people's copies`} of the site now publish to ${address}, with their drafts as they were`,
    hint: "EDIT_TEAM_SOURCE (or the checkout's origin) changed since the copies were made; nothing else to do.",
  }),
  linkInTerminal: info<{ email: string; link: string }>({
    code: "TEAM_LINK_IN_TERMINAL",
    title: "Sign-in link",
    message: ({ email, link }) => `Sign-in link for ${email} (works once, for 15 minutes): ${link}`,
    hint: "Open it in the browser that asked for it.",
  }),
  linkNotAllowed: info<{ email: string }>({
    code: "TEAM_LINK_NOT_ALLOWED",
    title: "No sign-in link: address not allowed",
    message: ({ email }) =>
      `No sign-in link for ${email}: neither the address nor its domain is in editor-team.json (the page answered as for anyone)`,
    hint: 'Add the address under "people", or its domain under "domains", of editor-team.json with a role, then ask for a link again.',
  }),
} as const;
