import { VirtualAccountScreen } from "@/components/nigeria/virtual-account/virtual-account-screen";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Nigeria account" };

export default async function Page() {
  await requirePageSession("nigeria:read", "/nigeria/virtual-account");
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Nigeria account</h1>
        <p className="text-sm text-slate-700">
          The merchant&apos;s permanent NGN virtual account: payers transfer to it, and each credit lands in the NGN pocket.
        </p>
      </div>
      <VirtualAccountScreen />
    </div>
  );
}
