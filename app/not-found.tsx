import Link from "next/link";

export const metadata = { title: "Page not found" };

// Also what a signed-in user sees for a page their role may not use: such pages are not advertised.
export default function NotFound() {
  return (
    <main className="mx-auto max-w-lg space-y-3 p-8">
      <h1 className="text-2xl font-semibold text-slate-900">Page not found</h1>
      <p className="text-sm text-slate-700">This page does not exist, or your role does not give you access to it.</p>
      <Link href="/" className="text-sm font-medium text-indigo-800 underline">
        Go to the dashboard
      </Link>
    </main>
  );
}
