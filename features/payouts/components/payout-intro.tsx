import type { PayoutRegion } from "@/lib/regions/regions";

/**
 * Which pocket pays: the spec is silent for Bangladesh and Brazil
 * (docs/decisions/0022-payout-pockets-bdt-brl-and-usdc-for-europe.md).
 */
export function PayoutIntro({ region }: { region: PayoutRegion }) {
  switch (region) {
    case "bangladesh":
      return <p className="text-sm text-slate-700">Pays a bKash, Nagad or Upay wallet in BDT, debited from the BDT pocket when sent.</p>;
    case "brazil":
      return <p className="text-sm text-slate-700">Pays a PIX key in BRL, debited from the BRL pocket when sent.</p>;
    case "europe":
      return (
        <div className="space-y-1 text-sm text-slate-700" data-testid="europe-payout-explainer">
          <p>Sends EUR to a bank account and debits the USDC pocket at the payout&apos;s rate.</p>
          <p>
            <strong className="text-slate-900">The PYUSD USDC pocket cannot fund it</strong>: only the USDC pocket counts, whatever PYUSD
            USDC holds.
          </p>
          <p>
            Some payouts need an explicit approval (the payments service says which when it takes one): such a payout waits under
            &ldquo;Awaiting approval&rdquo; until someone approves it here.
          </p>
        </div>
      );
  }
}
