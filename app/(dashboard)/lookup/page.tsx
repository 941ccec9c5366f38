import { ComingSoon } from "@/components/placeholder/coming-soon";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Lookup" };

export default async function Page() {
  await requirePageSession("lookup:read", "/lookup");
  return <ComingSoon title="Lookup" description="Find a transaction by its transaction ID or merchant reference." />;
}
