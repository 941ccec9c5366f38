/** The text boxes of the pages before sign-in: email, password. */
export const AUTH_TEXT_INPUT =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-700";
