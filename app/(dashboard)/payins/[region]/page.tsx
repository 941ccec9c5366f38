import { PageHeader } from "@/components/ui/page-header";
import { notFound } from "next/navigation";
import { RequestPaymentScreen } from "@/features/payins/components/request-payment-screen";
import { MARKET_INFO } from "@/lib/rails";
import { isPayinRegion, requestPaymentTitle } from "@/lib/regions/regions";
import { requirePageSession } from "@/lib/server/session";

export async function generateMetadata({ params }: { params: Promise<{ region: string }> }) {
  const { region } = await params;
  return { title: isPayinRegion(region) ? requestPaymentTitle(MARKET_INFO[region].label) : "Request a payment" };
}

export default async function Page({ params }: { params: Promise<{ region: string }> }) {
  const { region } = await params;
  await requirePageSession("money:write", `/payins/${encodeURIComponent(region)}`);
  if (!isPayinRegion(region)) notFound();
  return (
    <div className="space-y-6">
      <PageHeader
        back={{ href: "/payins", label: "All regions" }}
        title={requestPaymentTitle(MARKET_INFO[region].label)}
        headingId={`payin-${region}-heading`}
      />
      <RequestPaymentScreen region={region} />
    </div>
  );
}
