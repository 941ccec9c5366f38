import Link from "next/link";

// One message for both not-found pages: the root one and the one inside the dashboard
// shell. It is also what a role sees for a page it may not use (such pages are not advertised).
export function NotFoundMessage() {
  return (
    <>
      <h1 className="text-2xl font-semibold text-slate-900">Page not found</h1>
      <p className="text-sm text-slate-700">This page does not exist, or your role does not give you access to it.</p>
      <Link href="/" className="text-sm font-medium text-indigo-800 underline">
        Go to the dashboard
      </Link>
    </>
  );
}
