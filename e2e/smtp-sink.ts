// A real SMTP server on loopback (the smtp-server package) that keeps what it receives, so a
// spec reads an invitation the dashboard sent with nodemailer as its recipient would. No mock:
// the dashboard speaks SMTP to it over TCP.
import { expect } from "@playwright/test";
import { SMTPServer } from "smtp-server";

type ReceivedMail = { to: string[]; raw: string };

/** Quoted-printable as mail may carry a long line: soft breaks joined, =XX decoded. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function smtpSink(port: number) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: decodeQuotedPrintable(Buffer.concat(chunks).toString("utf8")),
        });
        callback();
      });
    },
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    start: () => new Promise<void>((resolve, reject) => server.listen(port, "127.0.0.1", resolve).once("error", reject)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** The first link under `path` in a message to `to`, waiting for it to arrive. */
    async linkTo(to: string, path: "/invite/" | "/reset-password/"): Promise<string> {
      const pattern = new RegExp(`https?://[^\\s]+${path}[A-Za-z0-9_-]{43}`);
      let link: string | undefined;
      await expect
        .poll(
          () => {
            link = received
              .filter((mail) => mail.to.includes(to))
              .map((mail) => pattern.exec(mail.raw)?.[0])
              .find(Boolean);
            return link;
          },
          { message: `a mail to ${to} with a ${path} link`, timeout: 15_000 },
        )
        .toBeTruthy();
      return link!;
    },
  };
}
