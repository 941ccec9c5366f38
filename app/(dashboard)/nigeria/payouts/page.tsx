import { ComingSoon } from "@/components/placeholder/coming-soon";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Nigeria payouts" };

export default async function Page() {
  await requirePageSession("nigeria:read", "/nigeria/payouts");
  return <ComingSoon title="Nigeria payouts" description="NGN payouts to Nigerian bank accounts (live only)." />;
}
