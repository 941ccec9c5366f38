"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSession } from "@/components/session/use-session";
import { Button } from "@/components/ui/button";
import { formatLocalTime } from "@/components/ui/time-format";
import { indiaQuoteQueryOptions } from "./payins-queries";

/** Optional: GET /v1/h2h/conversion-rates, fetched only when asked for. Indicative; the pay-in fixes its own rate. */
export function IndiaQuote() {
  const { mode } = useSession();
  const [wanted, setWanted] = useState(false);
  const quote = useQuery({ ...indiaQuoteQueryOptions(mode), enabled: wanted });

  if (!wanted) {
    return (
      <Button variant="secondary" onClick={() => setWanted(true)}>
        Show the current INR/USDT rate
      </Button>
    );
  }
  return (
    <p role="status" className="text-sm text-slate-800" data-testid="india-quote">
      {quote.isPending
        ? "Fetching the rate…"
        : quote.isError
          ? "The rate could not be fetched. The request works without it."
          : `1 ${quote.data.base} = ${quote.data.rate} ${quote.data.quote}${quote.data.asOf ? ` (as of ${formatLocalTime(quote.data.asOf)})` : ""}. Indicative only.`}
    </p>
  );
}
