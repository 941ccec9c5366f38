import { NotFoundMessage } from "@/components/ui/not-found-message";

export const metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <main className="mx-auto max-w-lg space-y-3 p-8">
      <NotFoundMessage />
    </main>
  );
}
