import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message as the SMTP server accepted it: its envelope, its headers decoded, its plain-text body decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** Each header on one line, folded lines joined, MIME encoded-words decoded. */
  headers: string[];
  text: string;
}

/** A header's value, decoded; undefined when the message has none. */
export const headerOf = (mail: ReceivedMail, name: string): string | undefined =>
  mail.headers
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim();

const bytesOfQuotedPrintable = (text: string): Buffer =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  );

/** RFC 2047 encoded-words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) as text; the space between two of them is dropped. */
const decodeWords = (value: string): string =>
  value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, encoding: string, word: string) =>
      (encoding.toUpperCase() === "B"
        ? Buffer.from(word, "base64")
        : bytesOfQuotedPrintable(word.replace(/_/g, " "))
      ).toString("utf8"),
    );

function parse(raw: string): { headers: string[]; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const headers = raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, " ")
    .split("\r\n")
    .map(decodeWords);
  const body = raw.slice(split + 4);
  const encoding = headers
    .find((line) => /^content-transfer-encoding:/i.test(line))
    ?.split(":")[1]
    ?.trim();
  const bytes =
    encoding === "base64"
      ? Buffer.from(body, "base64")
      : encoding === "quoted-printable"
        ? bytesOfQuotedPrintable(body)
        : Buffer.from(body, "utf8");
  return { headers, text: bytes.toString("utf8").replace(/\r\n/g, "\n") };
}

/** A real SMTP server (the smtp-server package) on a loopback port, keeping every message it accepts. */
export async function startSmtpServer(port = 0) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          ...parse(Buffer.concat(chunks).toString("utf8")),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    received,
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
