import { NotFoundMessage } from "@/components/ui/not-found-message";

// Rendered inside the dashboard shell when a page calls notFound(), which is also how
// requirePageSession answers a role without the page's permission.
export default function DashboardNotFound() {
  return (
    <div className="space-y-3">
      <NotFoundMessage />
    </div>
  );
}
