"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useCan } from "@/components/session/use-session";
import { withoutInvisibles } from "@/lib/invisibles";
import { LOOKUP_BOX_ID, SEARCH_MAX_LENGTH } from "./search-query";

/** Where `/` is typed as text, it stays text. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** The page's own search box when the page has one (/lookup), else this one, if shown. */
function boxToFocus(own: HTMLInputElement | null): HTMLInputElement | null {
  const page = document.getElementById(LOOKUP_BOX_ID);
  if (page instanceof HTMLInputElement) return page;
  return own && own.offsetParent !== null ? own : null;
}

/**
 * The header's search box (issue 57): one box for whatever a caller has, opening /lookup with it.
 * `/` anywhere outside a text field focuses it (the page's box on /lookup); on a narrow screen,
 * where the header has no room for it, `/` opens /lookup.
 */
export function HeaderSearch() {
  const router = useRouter();
  const allowed = useCan("transactions:read");
  const box = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState("");

  useEffect(() => {
    if (!allowed) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return;
      event.preventDefault();
      const target = boxToFocus(box.current);
      if (target) target.focus();
      else router.push("/lookup");
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [allowed, router]);

  if (!allowed) return null;
  return (
    <form
      role="search"
      aria-label="Header"
      className="hidden xl:block"
      onSubmit={(event) => {
        event.preventDefault();
        const q = withoutInvisibles(value).trim();
        // An empty or over-long value opens the page, whose box says what is wrong.
        router.push(q === "" || q.length > SEARCH_MAX_LENGTH ? "/lookup" : `/lookup?${new URLSearchParams({ q })}`);
        setValue("");
        box.current?.blur();
      }}
    >
      <label className="sr-only" htmlFor="header-search">
        Search payments
      </label>
      <input
        ref={box}
        id="header-search"
        type="search"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder="Search payments  /"
        aria-keyshortcuts="/"
        autoComplete="off"
        spellCheck={false}
        className="w-64 rounded-md border border-slate-300 px-3 py-1.5 text-sm"
      />
    </form>
  );
}
