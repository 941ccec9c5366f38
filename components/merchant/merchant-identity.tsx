"use client";

import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useMerchant } from "./use-merchant";

/** The merchant this console is signed into (GET /v1/me through the BFF). */
export function MerchantIdentity() {
  const merchant = useMerchant();

  if (merchant.isPending) {
    return (
      <div aria-busy="true" className="space-y-2">
        <span className="sr-only">Loading merchant details</span>
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-3 w-24" />
      </div>
    );
  }
  if (merchant.isError) {
    return (
      <div role="alert" className="text-xs text-red-900">
        <p>Merchant details unavailable.</p>
        <Button variant="ghost" className="mt-1 px-0 py-0 underline" onClick={() => void merchant.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  return (
    <div data-testid="merchant-identity">
      <p className="text-sm font-semibold text-slate-900">{merchant.data.name}</p>
      <p className="font-mono text-xs text-slate-600">{merchant.data.merchantId}</p>
    </div>
  );
}
