import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { QueryProvider } from "@/components/providers/query-provider";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Merchant Console", template: "%s · Merchant Console" },
  description: "Balances, transactions and payouts across every market.",
  robots: { index: false, follow: false },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The proxy puts a fresh CSP nonce on every request, and Next.js stamps it on its own
  // scripts only while rendering dynamically. A statically prerendered page would carry
  // no nonce and its scripts would be blocked, so every page renders per request.
  await connection();
  return (
    <html lang="en">
      <body>
        <QueryProvider>{children}</QueryProvider>
      </body>
    </html>
  );
}
