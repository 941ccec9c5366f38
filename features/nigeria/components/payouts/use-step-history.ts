"use client";

import { useEffect, useRef } from "react";
import type { WizardAction, WizardStep } from "@/features/nigeria/wizard";

type WizardEntry = { ngnWizardStep?: WizardStep; ngnWizardGuard?: true };

/** The current entry's state (Next.js's included), as the wizard's entry for `entry`. */
const entryState = (entry: WizardEntry) => ({
  ...(window.history.state as object | null),
  ngnWizardStep: undefined,
  ngnWizardGuard: undefined,
  ...entry,
});

const LEAVE_QUESTION = "Leave this payout? What you typed is lost.";

/**
 * Each step is a history entry, so the browser's Back and Forward move a step. Each entry keeps
 * Next.js's own state (its router reloads the page on a popstate without it). Under the first
 * step is a guard entry: Back onto it, or a link out, with something typed asks first; so do a
 * reload and closing the tab.
 */
export function useStepHistory(step: WizardStep, dispatch: (action: WizardAction) => void, typed: boolean): void {
  // The steps of this wizard's entries, oldest first; the last is the entry shown.
  const entries = useRef<WizardStep[]>([]);
  const typedNow = useRef(typed);
  useEffect(() => {
    typedNow.current = typed;
  }, [typed]);

  useEffect(() => {
    const stack = entries.current;
    if (stack.length === 0) {
      window.history.replaceState(entryState({ ngnWizardGuard: true }), "");
      window.history.pushState(entryState({ ngnWizardStep: step }), "");
      stack.push(step);
      return;
    }
    if (stack[stack.length - 1] === step) return;
    const earlier = stack.lastIndexOf(step);
    if (earlier >= 0) {
      // Back within the wizard (its own Back, a closed review): the entries after it go, as Back would.
      const steps = stack.length - 1 - earlier;
      stack.length = earlier + 1;
      window.history.go(-steps);
      return;
    }
    stack.push(step);
    window.history.pushState(entryState({ ngnWizardStep: step }), "");
  }, [step]);

  useEffect(() => {
    const stack = entries.current;
    function onPopState(event: PopStateEvent) {
      const entry = (event.state ?? {}) as WizardEntry;
      if (entry.ngnWizardGuard) {
        if (!typedNow.current || window.confirm(LEAVE_QUESTION)) window.history.back();
        else window.history.forward();
        return;
      }
      if (!entry.ngnWizardStep) return;
      const at = stack.lastIndexOf(entry.ngnWizardStep);
      if (at >= 0) stack.length = at + 1;
      else stack.push(entry.ngnWizardStep);
      dispatch({ type: "goTo", step: entry.ngnWizardStep });
    }
    function onBeforeUnload(event: BeforeUnloadEvent) {
      if (typedNow.current) event.preventDefault();
    }
    // A link out of the page (the sidebar, the header), before Next.js's own handler takes it.
    function onClick(event: MouseEvent) {
      if (!typedNow.current || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.pathname === window.location.pathname) return;
      if (!window.confirm(LEAVE_QUESTION)) {
        event.preventDefault();
        event.stopPropagation();
      }
    }
    window.addEventListener("popstate", onPopState);
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("popstate", onPopState);
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [dispatch]);
}
