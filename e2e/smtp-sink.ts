// The loopback SMTP sink (tests/support/smtp-sink.ts) for specs: the dashboard sends an
// invitation with nodemailer, and a spec waits for its link as the recipient would.
import { expect } from "@playwright/test";
import { smtpServerSink } from "../tests/support/smtp-sink";

export function smtpSink(port: number) {
  const sink = smtpServerSink(port);
  const { received } = sink;
  return {
    url: `smtp://127.0.0.1:${port}`,
    start: sink.start,
    stop: sink.stop,
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
