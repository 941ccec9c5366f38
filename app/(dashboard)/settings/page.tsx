import { ComingSoon } from "@/components/placeholder/coming-soon";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Settings" };

export default async function Page() {
  await requirePageSession("settings:manage", "/settings");
  return <ComingSoon title="Settings" description="Webhook URL and account settings." />;
}
