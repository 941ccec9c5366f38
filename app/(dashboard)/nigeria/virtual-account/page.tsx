import { ComingSoon } from "@/components/placeholder/coming-soon";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Nigeria account" };

export default async function Page() {
  await requirePageSession("nigeria:read", "/nigeria/virtual-account");
  return <ComingSoon title="Nigeria account" description="The merchant's permanent NGN virtual account (live only)." />;
}
