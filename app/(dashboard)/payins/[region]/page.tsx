import Link from "next/link";
import { notFound } from "next/navigation";
import { RequestPaymentScreen } from "@/components/payins/request-payment-screen";
import { MARKET_INFO } from "@/lib/rails";
import { isPayinRegion } from "@/lib/regions/regions";
import { requirePageSession } from "@/lib/server/session";

export async function generateMetadata({ params }: { params: Promise<{ region: string }> }) {
  const { region } = await params;
  return { title: isPayinRegion(region) ? `Request a ${MARKET_INFO[region].label} payment` : "Request a payment" };
}

export default async function Page({ params }: { params: Promise<{ region: string }> }) {
  const { region } = await params;
  await requirePageSession("money:write", `/payins/${encodeURIComponent(region)}`);
  if (!isPayinRegion(region)) notFound();
  return (
    <div className="space-y-6">
      <div>
        <Link href="/payins" className="text-sm text-indigo-800 underline">
          All regions
        </Link>
        <h1 id={`payin-${region}-heading`} className="mt-1 text-2xl font-semibold text-slate-900">
          Request a {MARKET_INFO[region].label} payment
        </h1>
      </div>
      <RequestPaymentScreen region={region} />
    </div>
  );
}
