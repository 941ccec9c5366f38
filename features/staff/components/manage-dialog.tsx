"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { apiFetch } from "@/lib/api-fetch";
import type { Role } from "@/lib/permissions";
import { invitationActionContract, staffActionContract, staffKeys, type StaffRowDto } from "@/features/staff/contracts";
import { REASON_MAX_LENGTH } from "@/features/staff/limits";
import { ChangeResult } from "./change-result";
import { Refusal } from "./refusal";
import { RoleSelect } from "./role-select";

type Choice = "set_role" | "deactivate" | "reactivate" | "end_sessions" | "reset_factor" | "reset_password" | "confirm" | "revoke";

const LABELS: Record<Choice, string> = {
  set_role: "Change role",
  deactivate: "Deactivate",
  reactivate: "Reactivate",
  end_sessions: "End all sessions",
  reset_factor: "Reset second factor",
  reset_password: "Send a password-reset link",
  confirm: "Confirm invitation",
  revoke: "Withdraw invitation",
};

/** The choices a row offers: an invitation's, or an account's by its status; none that would change oneself's role or status. */
function choicesFor(row: StaffRowDto, me: string): Choice[] {
  if (row.status === "invited") return row.invitation?.awaitingConfirmation && row.invitedBy !== me ? ["confirm", "revoke"] : ["revoke"];
  const self = row.email === me;
  if (row.status === "deactivated") return ["reactivate"];
  return [
    ...(self ? [] : (["set_role"] as const)),
    "end_sessions",
    "reset_factor",
    "reset_password",
    ...(self ? [] : (["deactivate"] as const)),
  ];
}

/**
 * One person's changes: pick one, say why (the audit trail keeps it), confirm. The BFF asks for a
 * code first when due. The screen holds which row is open, so the dialog outlives the row's own
 * change (a deactivated row leaves an "active" filter).
 */
export function ManageDialog({ row, me, onClose }: { row: StaffRowDto; me: string; onClose: () => void }) {
  const choices = choicesFor(row, me);
  const [choice, setChoice] = useState<Choice>(choices[0] ?? "end_sessions");
  const [role, setRole] = useState<Role>(row.role);
  const [reason, setReason] = useState("");
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: () =>
      choice === "confirm" || choice === "revoke"
        ? apiFetch(invitationActionContract, { body: { id: row.invitation?.id ?? "", action: choice, reason } })
        : apiFetch(staffActionContract, { body: { email: row.email, action: choice, reason, ...(choice === "set_role" ? { role } : {}) } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
  // A refusal refreshes the list only once read: refreshed at once, a list that now answers 401
  // (another admin's change ended this session, the last-admin race) would leave for sign-in.
  const close = () => {
    if (change.isError) void queryClient.invalidateQueries({ queryKey: staffKeys.all });
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate();
  };
  const danger = choice === "deactivate" || choice === "revoke" || choice === "reset_factor";
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent title={`Manage ${row.name}`} description={`${row.email} · ${row.role} · ${row.status}`}>
        {change.data ? (
          <div className="mt-4 space-y-3">
            <ChangeResult result={change.data} />
            <DialogFooter>
              <Button onClick={onClose}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          <form className="mt-4 space-y-3" onSubmit={submit}>
            <fieldset className="space-y-1">
              <legend className="text-sm font-medium text-slate-900">Change</legend>
              {choices.map((item) => (
                <label key={item} className="flex items-center gap-2 text-sm text-slate-900">
                  <input type="radio" name="staff-change" value={item} checked={choice === item} onChange={() => setChoice(item)} />
                  {LABELS[item]}
                </label>
              ))}
            </fieldset>
            {choice === "set_role" ? <RoleSelect id="manage-role" label="New role" value={role} onChange={setRole} /> : null}
            <div>
              <label htmlFor="manage-reason" className="block text-sm font-medium text-slate-900">
                Reason
              </label>
              <p id="manage-reason-hint" className="text-xs text-slate-700">
                Kept in the audit trail with your name.
              </p>
              <textarea
                id="manage-reason"
                aria-describedby="manage-reason-hint"
                value={reason}
                maxLength={REASON_MAX_LENGTH}
                onChange={(e) => setReason(e.target.value)}
                rows={2}
                className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-sm text-slate-900"
              />
            </div>
            <p className="text-sm text-slate-700">Takes effect at their next request, on every instance.</p>
            <Refusal error={change.error} />
            <DialogFooter>
              <Button variant="secondary" onClick={close} disabled={change.isPending}>
                Cancel
              </Button>
              <Button type="submit" variant={danger ? "danger" : "primary"} disabled={change.isPending} aria-busy={change.isPending}>
                {change.isPending ? "Working…" : LABELS[choice]}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
