// A real SMTP server on loopback (the smtp-server package) that keeps what it receives, so a test
// reads mail the dashboard sent with nodemailer as its recipient would. No mock: SMTP over TCP.
// Shared by Vitest and Playwright (e2e/smtp-sink.ts adds the wait for a link).
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

type ReceivedMail = { to: string[]; raw: string };

/** Quoted-printable as mail may carry a long line: soft breaks joined, =XX decoded. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A sink on 127.0.0.1:port (0: any free port, read `url` after `start`). */
export function smtpServerSink(port = 0) {
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
    received,
    url: () => `smtp://127.0.0.1:${(server.server.address() as AddressInfo | null)?.port ?? port}`,
    start: () => new Promise<void>((resolve, reject) => server.listen(port, "127.0.0.1", resolve).once("error", reject)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
