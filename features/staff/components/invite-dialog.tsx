"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { apiFetch } from "@/lib/api-fetch";
import { isPrivilegedRole, type Role } from "@/lib/permissions";
import { inviteContract, staffKeys } from "@/features/staff/contracts";
import { NAME_MAX_LENGTH } from "@/features/staff/limits";
import { ChangeResult } from "./change-result";
import { Refusal } from "./refusal";
import { RoleSelect } from "./role-select";

/** Invite a colleague: email, name, role. How the link travels is the server's rule; the dialog says which applies. */
export function InviteDialog({ mailConfigured }: { mailConfigured: boolean }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [role, setRole] = useState<Role>("viewer");
  const queryClient = useQueryClient();
  const invite = useMutation({
    mutationFn: () => apiFetch(inviteContract, { body: { email, name, role } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
  const reset = () => {
    setEmail("");
    setName("");
    setRole("viewer");
    invite.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };
  const privileged = isPrivilegedRole(role);
  const how = mailConfigured
    ? "The invitation is emailed; the link works once and expires."
    : privileged
      ? "Email is not set up, and this role moves money, approves or administers: another admin must confirm the invitation before a link exists."
      : "Email is not set up: the link is shown to you once, to pass on yourself.";
  return (
    <>
      <Button
        onClick={() => {
          reset();
          setOpen(true);
        }}
      >
        Invite someone
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? (
          <DialogContent
            title="Invite a colleague"
            description="They set their own password; a role that needs a second factor enrols one first."
          >
            {invite.data ? (
              <div className="mt-4 space-y-3">
                <ChangeResult result={invite.data} />
                <DialogFooter>
                  <Button variant="secondary" onClick={reset}>
                    Invite another
                  </Button>
                  <Button onClick={() => setOpen(false)}>Done</Button>
                </DialogFooter>
              </div>
            ) : (
              <form className="mt-4 space-y-3" onSubmit={submit} noValidate>
                <FormField
                  id="invite-email"
                  label="Email"
                  type="email"
                  autoComplete="off"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  required
                />
                <FormField
                  id="invite-name"
                  label="Name"
                  autoComplete="off"
                  maxLength={NAME_MAX_LENGTH + 100}
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  required
                />
                <RoleSelect id="invite-role" label="Role" value={role} onChange={setRole} />
                <p className="text-sm text-slate-700">{how}</p>
                <Refusal error={invite.error} />
                <DialogFooter>
                  <Button variant="secondary" onClick={() => setOpen(false)} disabled={invite.isPending}>
                    Cancel
                  </Button>
                  <Button type="submit" disabled={invite.isPending} aria-busy={invite.isPending}>
                    {invite.isPending ? "Inviting…" : "Send invitation"}
                  </Button>
                </DialogFooter>
              </form>
            )}
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
