import nodemailer from "nodemailer";

/** How long a connection, the server's greeting or a silent socket may take before the send fails. */
const TIMEOUT_MS = 15_000;

/**
 * The mail transport of every server here: the lead API's notices to the sales inbox and the team editor's sign-in
 * links and review notices all go through the SMTP server of `SMTP_URL` (smtp:// or smtps://), with nodemailer.
 */
export function smtpTransport(smtpUrl: string) {
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
}

export type SmtpTransport = ReturnType<typeof smtpTransport>;

/** Any control character (line breaks included) becomes a space: a header value stays on its one line. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
