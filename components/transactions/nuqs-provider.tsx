"use client";

import { NuqsAdapter } from "nuqs/adapters/next/app";
import type { ReactNode } from "react";

/** The URL-state adapter for the pages that keep filters in the URL (the app's providers do not include it). */
export function UrlStateProvider({ children }: { children: ReactNode }) {
  return <NuqsAdapter>{children}</NuqsAdapter>;
}
