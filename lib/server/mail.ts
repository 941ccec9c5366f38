import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "./env";

// Email to staff (issue 58: invitations and password-reset links), through SMTP_URL with
// nodemailer. Unset, there is no email: callers show a link to the admin instead, under the rules
// of features/staff. Plain text only: nothing in a message is markup.

/** Whether mail can be sent at all. */
export function mailConfigured(): boolean {
  return env().smtpUrl !== undefined;
}

let transport: Transporter | undefined;

/** Sends one plain-text message; throws when the SMTP server does not accept it. */
export async function sendMail(message: { to: string; subject: string; text: string }): Promise<void> {
  const url = env().smtpUrl;
  if (!url) throw new Error("SMTP_URL is not set");
  transport ??= nodemailer.createTransport(url);
  const from = `Merchant Console <no-reply@${new URL(env().publicOrigin).hostname}>`;
  await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
}
