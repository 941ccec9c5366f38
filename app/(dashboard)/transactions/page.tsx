import { ComingSoon } from "@/components/placeholder/coming-soon";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Transactions" };

export default async function Page() {
  await requirePageSession("transactions:read", "/transactions");
  return <ComingSoon title="Transactions" description="Every pay-in and payout across all rails will be listed here." />;
}
