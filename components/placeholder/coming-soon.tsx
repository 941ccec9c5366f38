/** Placeholder body for pages whose content arrives in later issues; the route and its guard are real. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <p className="text-sm text-slate-700">{description}</p>
    </div>
  );
}
