import { oneLine, smtpTransport } from "../../platform/smtp.ts";
import type { NotifyConfig } from "../config.ts";
import type { OutboxPayload } from "../db/store.ts";
import type { OutboxSender } from "./outbox.ts";

/** The lead's fields in the order the form asks for them, with the labels the sales team reads. */
const LABELS = {
  firstName: "First name",
  lastName: "Last name",
  companyEmail: "Work e-mail",
  companyName: "Company",
  jobTitle: "Job title",
  companyWebsite: "Website",
  phone: "Phone",
  industry: "Industry",
  comment: "Comment",
} as const;

export interface LeadMail {
  subject: string;
  text: string;
  replyTo?: string;
}

/** The notification: a plain-text body carrying every field, a one-line subject, and Reply-To the visitor. */
export function leadMail({ id, createdAt, lead }: OutboxPayload): LeadMail {
  const name = oneLine(`${lead.firstName} ${lead.lastName}`);
  const lines = Object.entries(LABELS).flatMap(([field, label]) => {
    const value = lead[field as keyof typeof LABELS];
    if (value === undefined) return [];
    return field === "comment" ? [`${label}:`, value] : [`${label}: ${oneLine(value)}`];
  });
  return {
    subject: oneLine(`New lead: ${name}, ${lead.companyName}`).slice(0, 200),
    text: [...lines, "", `Lead ${id}, received ${createdAt}.`, ""].join("\n"),
    replyTo: /^[^\s@<>,;"]+@[^\s@<>,;"]+$/.test(lead.companyEmail) ? lead.companyEmail : undefined,
  };
}

/**
 * The e-mail channel of the outbox: one plain-text message per lead to the sales inbox, sent with nodemailer over
 * SMTP_URL. Its Message-ID is derived from the lead, so that a message sent twice (delivery is at least once) is
 * recognisably the same.
 */
export function emailSender({ to, from, smtpUrl }: NotifyConfig) {
  const transport = smtpTransport(smtpUrl);
  const domain = from.split("@")[1];
  const send: OutboxSender = async (message) => {
    const payload = JSON.parse(message.payload) as OutboxPayload;
    const mail = leadMail(payload);
    await transport.sendMail({
      from,
      to,
      subject: mail.subject,
      text: mail.text,
      replyTo: mail.replyTo,
      messageId: `<lead-${payload.id}@${domain}>`,
    });
  };
  return { send, close: () => transport.close() };
}
