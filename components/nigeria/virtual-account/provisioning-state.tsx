import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import type { SubmittedSummary } from "./provision-form";

/** ready is false: say so, keep polling, and never show account details (§3). */
export function ProvisioningState({
  summary,
  timedOut,
  onRefresh,
}: {
  summary: SubmittedSummary | null;
  timedOut: boolean;
  onRefresh: () => void;
}) {
  return (
    <Card aria-labelledby="va-provisioning-heading" data-testid="va-provisioning">
      <CardTitle id="va-provisioning-heading">Provisioning</CardTitle>
      <p className="mt-1 text-sm text-slate-700" role="status">
        The bank is setting up the virtual account. Its details appear here once it is ready; do not share any account details before then.
      </p>
      {summary ? (
        <dl className="mt-3 grid grid-cols-[10rem_1fr] gap-1 text-sm">
          <dt className="text-slate-700">Name</dt>
          <dd>{summary.name}</dd>
          <dt className="text-slate-700">BVN</dt>
          <dd className="font-mono">{summary.bvnMasked}</dd>
          <dt className="text-slate-700">Date of birth</dt>
          <dd className="font-mono">{summary.dateOfBirthMasked}</dd>
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
