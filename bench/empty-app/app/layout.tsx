import type { ReactNode } from "react";

// The baseline for the benchmark's JS weight: what any Next.js App Router page ships before app code.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
