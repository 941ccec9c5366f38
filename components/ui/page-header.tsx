import Link from "next/link";

/** A detail page's heading with the link back to its list. */
export function PageHeader({ back, title, headingId }: { back: { href: string; label: string }; title: string; headingId?: string }) {
  return (
    <div>
      <Link href={back.href} className="text-sm text-indigo-800 underline">
        {back.label}
      </Link>
      <h1 id={headingId} className="mt-1 text-2xl font-semibold text-slate-900">
        {title}
      </h1>
    </div>
  );
}
