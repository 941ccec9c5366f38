"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

// Thin wrapper so every dialog gets the same overlay, focus ring, title and description
// (Radix needs both for an accessible name and description), and the same bounds: never
// taller or wider than the window, scrolling inside itself, with its buttons in a footer that
// stays in view however long the fields above are (a 10,000-character name must not push the
// Send button out of reach).

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

type DialogContentProps = {
  title: string;
  description: ReactNode;
  children?: ReactNode;
  /** Wide: for dialogs that show many fields with long ids (the transaction detail). */
  wide?: boolean;
};

export function DialogContent({ title, description, children, wide = false }: DialogContentProps) {
  const width = wide ? "w-[min(48rem,calc(100vw-2rem))]" : "w-[min(28rem,calc(100vw-2rem))]";
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 bg-slate-900/50" />
      <RadixDialog.Content
        className={`fixed top-1/2 left-1/2 ${width} max-h-[calc(100dvh-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto overscroll-contain rounded-lg bg-white px-5 pt-5 pb-5 shadow-xl focus:outline-none`}
      >
        <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
        <RadixDialog.Description className="mt-2 text-sm wrap-anywhere text-slate-700">{description}</RadixDialog.Description>
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/** A dialog's buttons: pinned to the bottom of the dialog while its body scrolls. */
export function DialogFooter({ children, align = "end" }: { children: ReactNode; align?: "end" | "between" }) {
  return (
    <div
      data-testid="dialog-footer"
      className={`sticky bottom-0 -mx-5 -mb-5 mt-5 flex flex-wrap items-center gap-2 border-t border-slate-200 bg-white px-5 py-3 ${align === "between" ? "justify-between" : "justify-end"}`}
    >
      {children}
    </div>
  );
}
