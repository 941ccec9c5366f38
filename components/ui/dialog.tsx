"use client";

import { createContext, lazy, Suspense, useContext, useState, type ComponentProps, type ReactNode } from "react";

// Every dialog gets the same overlay, focus ring, title, description and bounds (never larger than
// the window; its buttons stay in view). Radix (~14 KB gzip) loads on the first open or the intent
// to open (preloadDialog). Focus on closing is ours: Radix gives it back only to a Dialog.Trigger,
// which none of these has (docs/decisions/0120, 0127).

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

/** The element that had focus when the dialog opened: where focus goes back on closing. */
const OpenerContext = createContext<Element | null>(null);

/** A controlled dialog (Radix's Root): nothing until it first opens. */
export function Dialog({ open, onOpenChange, children }: DialogProps) {
  const [opened, setOpened] = useState(open);
  const [shown, setShown] = useState(false);
  const [opener, setOpener] = useState<Element | null>(null);
  // Read while rendering the change to open, before the dialog's content (an autoFocus box) takes focus.
  if (open !== shown) {
    setShown(open);
    if (open) setOpener(typeof document === "undefined" ? null : document.activeElement);
  }
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <OpenerContext value={opener}>
      <Suspense fallback={null}>
        <Root open={open} onOpenChange={onOpenChange}>
          {children}
        </Root>
      </Suspense>
    </OpenerContext>
  );
}

function canTakeFocus(element: Element | null): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    element !== document.body &&
    element.isConnected &&
    !element.matches(":disabled") &&
    element.getClientRects().length > 0
  );
}

/**
 * Radix content's onCloseAutoFocus: focus back to the opener, else to the topmost dialog still
 * open (Radix contents take focus: tabIndex -1). Used by every dialog content here.
 */
export function useFocusBack(): (event: Event) => void {
  const opener = useContext(OpenerContext);
  return (event) => {
    event.preventDefault();
    if (canTakeFocus(opener)) return opener.focus();
    const underneath = [...document.querySelectorAll('[role="dialog"][data-state="open"]')].at(-1);
    if (underneath instanceof HTMLElement) underneath.focus();
  };
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
  const focusBack = useFocusBack();
  const width = wide ? "w-[min(48rem,calc(100vw-2rem))]" : "w-[min(28rem,calc(100vw-2rem))]";
  return (
    <Portal>
      <Overlay className="fixed inset-0 bg-slate-900/50" />
      <Content
        onCloseAutoFocus={focusBack}
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
