import type { PayinRegion } from "@/lib/regions/regions";
import { IndiaQuote } from "./india-quote";

/** What the operator must know about a region before asking a customer to pay. */
export function PayinIntro({ region }: { region: PayinRegion }) {
  switch (region) {
    case "bangladesh":
      return (
        <p className="text-sm text-slate-700">
          The customer pays on a hosted page (bKash, Nagad or Upay). Settled pay-ins credit the BDT pocket.
        </p>
      );
    case "brazil":
      return (
        <p className="text-sm text-slate-700">
          The customer pays by PIX with the code or QR shown after you send the request. Settled pay-ins credit the BRL pocket.
        </p>
      );
    case "india":
      return (
        <div className="space-y-2 text-sm text-slate-700" data-testid="india-explainer">
          <p>
            <strong className="text-slate-900">The customer always pays in INR by UPI, and the merchant is always credited in USDT.</strong>{" "}
            Choose whether the amount you type is the INR the customer pays or the USDT you want to receive; the other side is converted at
            the pay-in&apos;s rate.
          </p>
          <IndiaQuote />
        </div>
      );
    case "europe":
      return (
        <p className="text-sm text-slate-700">
          You get a checkout link to send to the customer, who pays in EUR or GBP by bank. Settled pay-ins credit the USDC pocket; the USDC
          amount shown with the request is an indicative quote only.
        </p>
      );
    case "pyusd":
      return (
        <p className="text-sm text-slate-700">
          The customer sends PYUSD on Ethereum to a deposit address. Once settled, the PYUSD USDC pocket is credited (1:1, less the fee).
        </p>
      );
  }
}
