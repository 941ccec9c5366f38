import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import type { VirtualAccountDto } from "@/lib/contracts/ngn-virtual-account";
import type { SubmittedSummary } from "./provision-form";

type ProvisioningAccount = Extract<VirtualAccountDto, { state: "provisioning" }>;

const fullName = (first: string | undefined, last: string | undefined) =>
  [first, last]
    .map((part) => part?.trim().replace(/\s+/g, " ") ?? "")
    .filter(Boolean)
    .join(" ");

/** Case and spacing aside: the service may store a name as it likes, and that is still the name sent. */
const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: "accent" }) === 0;

/**
 * What the provisioning card says. The account is provisioned once (§4.6): a second submission gets
 * the existing account, so the card shows its own name, and the submitted BVN and date of birth
 * (masked) only when they are the account's or the answer names no one.
 * @internal
 */
export function provisioningDetails(
  account: Pick<ProvisioningAccount, "firstName" | "lastName">,
  submitted: SubmittedSummary | null,
): { name: string | null; nameLabel: string; submitted: SubmittedSummary | null; notUsed: boolean } {
  const name = fullName(account.firstName, account.lastName) || null;
  if (!submitted) return { name, nameLabel: "Name", submitted: null, notUsed: false };
  const submittedName = fullName(submitted.firstName, submitted.lastName);
  // No name in the answer (§2.4 shows none for a record not ready): what was sent, labelled as such.
  if (name === null) return { name: submittedName, nameLabel: "Name submitted", submitted, notUsed: false };
  if (sameName(name, submittedName)) return { name, nameLabel: "Name", submitted, notUsed: false };
  return { name, nameLabel: "Name", submitted: null, notUsed: true };
}

/** ready is false: say so, keep polling, and never show account details (§3). */
export function ProvisioningState({
  account,
  summary,
  timedOut,
  onRefresh,
}: {
  account: Pick<ProvisioningAccount, "firstName" | "lastName">;
  summary: SubmittedSummary | null;
  timedOut: boolean;
  onRefresh: () => void;
}) {
  const details = provisioningDetails(account, summary);
  return (
    <Card aria-labelledby="va-provisioning-heading" data-testid="va-provisioning">
      <CardTitle id="va-provisioning-heading">Provisioning</CardTitle>
      <p className="mt-1 text-sm text-slate-700" role="status">
        The bank is setting up the virtual account. Its details appear here once it is ready; do not share any account details before then.
      </p>
      {details.notUsed ? (
        <p className="mt-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="va-not-used">
          An account already existed, so the details you submitted were not used. The merchant has one virtual account; it is being set up
          in the name below.
        </p>
      ) : null}
      {details.name !== null || details.submitted ? (
        // minmax(0, 1fr) and wrap-anywhere: a long unbroken name wraps inside a 360 px screen instead of pushing the page sideways.
        <dl className="mt-3 grid grid-cols-[10rem_minmax(0,1fr)] gap-1 text-sm">
          {details.name !== null ? (
            <>
              <dt className="text-slate-700">{details.nameLabel}</dt>
              <dd className="min-w-0 wrap-anywhere">{details.name}</dd>
            </>
          ) : null}
          {details.submitted ? (
            <>
              <dt className="text-slate-700">BVN</dt>
              <dd className="font-mono">{details.submitted.bvnMasked}</dd>
              <dt className="text-slate-700">Date of birth</dt>
              <dd className="font-mono">{details.submitted.dateOfBirthMasked}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {timedOut ? (
        <div className="mt-3">
          <p className="text-sm text-slate-700">Still provisioning. Automatic checks have stopped.</p>
          <Button variant="secondary" className="mt-2" onClick={onRefresh}>
            Check again
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
