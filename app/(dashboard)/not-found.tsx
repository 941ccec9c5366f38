import Link from "next/link";

// Rendered inside the dashboard shell when a page calls notFound(), which is also how
// requirePageSession answers a role without the page's permission.
export default function DashboardNotFound() {
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-semibold text-slate-900">Page not found</h1>
      <p className="text-sm text-slate-700">This page does not exist, or your role does not give you access to it.</p>
      <Link href="/" className="text-sm font-medium text-indigo-800 underline">
        Go to the dashboard
      </Link>
    </div>
  );
}
