"use client";

import { lazy, Suspense, useState, type ComponentProps, type ReactNode } from "react";

// Thin wrapper so every dialog gets the same overlay, focus ring, title and description
// (Radix needs both for an accessible name and description), and the same bounds: never
// taller or wider than the window, scrolling inside itself, with its buttons in a footer that
// stays in view however long the fields above are (a 10,000-character name must not push the
// Send button out of reach).
//
// Radix (focus trap, scroll lock, portal, dismissable layer: ~14 KB gzip) is not in the page's
// JS: every dialog here opens on a click, so it is loaded the first time one opens, or earlier
// on the intent to open one (preloadDialog, from what opens it: hover, focus, touch). A dialog
// that has never opened renders nothing; once opened it stays mounted, so closing it is Radix's
// own (focus back to where it was).

type Primitives = typeof import("./dialog-primitives");

let primitives: Primitives | null = null;
let loading: Promise<Primitives> | null = null;

function load(): Promise<Primitives> {
  loading ??= import("./dialog-primitives").then((module) => (primitives = module));
  return loading;
}

/** Starts loading the dialog code, once; a dialog opened afterwards shows without a wait. An event handler. */
export function preloadDialog(): void {
  void load();
}

/** Radix's parts, for what renders inside a Dialog: a Dialog renders its children only once they are loaded. */
export function dialogPrimitives(): Primitives {
  if (!primitives) throw new Error("Dialog parts render only inside a Dialog.");
  return primitives;
}

const Root = lazy(async () => ({ default: (await load()).Root }));

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void; children?: ReactNode };

/** A controlled dialog (Radix's Root): nothing until it first opens. */
export function Dialog({ open, onOpenChange, children }: DialogProps) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Root open={open} onOpenChange={onOpenChange}>
        {children}
      </Root>
    </Suspense>
  );
}

export function DialogClose(props: ComponentProps<Primitives["Close"]>) {
  const { Close } = dialogPrimitives();
  return <Close {...props} />;
}

type DialogContentProps = {
  title: string;
  description: ReactNode;
  children?: ReactNode;
  /** Wide: for dialogs that show many fields with long ids (the transaction detail). */
  wide?: boolean;
};

export function DialogContent({ title, description, children, wide = false }: DialogContentProps) {
  const { Content, Description, Overlay, Portal, Title } = dialogPrimitives();
  const width = wide ? "w-[min(48rem,calc(100vw-2rem))]" : "w-[min(28rem,calc(100vw-2rem))]";
  return (
    <Portal>
      <Overlay className="fixed inset-0 bg-slate-900/50" />
      <Content
        className={`fixed top-1/2 left-1/2 ${width} max-h-[calc(100dvh-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto overscroll-contain rounded-lg bg-white px-5 pt-5 pb-5 shadow-xl focus:outline-none`}
      >
        <Title className="text-lg font-semibold text-slate-900">{title}</Title>
        <Description className="mt-2 text-sm wrap-anywhere text-slate-700">{description}</Description>
        {children}
      </Content>
    </Portal>
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
