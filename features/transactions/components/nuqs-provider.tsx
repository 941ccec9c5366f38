"use client";

import { NuqsAdapter } from "nuqs/adapters/next/app";
import type { ReactNode } from "react";

/** The URL-state adapter, only on the pages that keep state in the URL, so other pages do not load nuqs. */
export function UrlStateProvider({ children }: { children: ReactNode }) {
  return <NuqsAdapter>{children}</NuqsAdapter>;
}
