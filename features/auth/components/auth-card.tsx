import type { ReactNode } from "react";

/** The text boxes of the pages before sign-in: email, password. */
export const AUTH_TEXT_INPUT =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-700";

/**
 * The frame of the pages before one is signed in: sign-in, its code step, enrolment. The card hangs
 * from a fixed height instead of sitting in the middle of the screen: a browser may paint a page
 * before its HTML is all parsed (a cold first visit), and a centred card that was still growing
 * then jumped up by half of what it grew (0.026 of layout shift at 360 px). Hung from the top, it
 * only grows downwards.
 */
export function AuthCard({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <main className="flex min-h-screen items-start justify-center p-4 pt-[12vh]">
      <div className={`w-full ${wide ? "max-w-md" : "max-w-sm"} space-y-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm`}>
        <div>
          <p className="text-sm font-medium text-indigo-800">Merchant Console</p>
          <h1 className="mt-1 text-2xl font-semibold text-slate-900">{unbrokenHyphens(title)}</h1>
        </div>
        {children}
      </div>
    </main>
  );
}

/**
 * The title with each hyphenated word kept on one line: at 360 px "Set up two-factor sign-in"
 * broke after "sign-" and left "in" alone on the second line. The words still wrap between them.
 */
function unbrokenHyphens(title: string): ReactNode {
  return title.split(/(\S+-\S+)/).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
