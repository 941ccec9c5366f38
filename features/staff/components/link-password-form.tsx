"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { apiFetch } from "@/lib/api-fetch";
import { acceptInvitationContract, resetPasswordContract } from "@/features/staff/contracts";
import { Refusal } from "./refusal";

/**
 * The password an invitation or a reset link sets: typed twice, checked by the server against the
 * sign-in rules (12 characters, not easy to guess), which says why it refuses one.
 */
export function LinkPasswordForm({ token, kind, email }: { token: string; kind: "invite" | "reset"; email: string }) {
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const send = useMutation({
    mutationFn: () => apiFetch(kind === "invite" ? acceptInvitationContract : resetPasswordContract, { body: { token, password } }),
    onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMismatch(password !== again);
    if (password === again) send.mutate();
  };
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormField
        id="link-password"
        label={kind === "invite" ? "Choose a password" : "New password"}
        hint="At least 12 characters, not easy to guess: a few unrelated words work well."
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      <FormField
        id="link-password-again"
        label="The same password again"
        type="password"
        autoComplete="new-password"
        value={again}
        onChange={(e) => setAgain(e.target.value)}
        errors={mismatch ? ["The two passwords differ"] : undefined}
        required
      />
      <Refusal error={send.error} />
      <Button type="submit" className="w-full" disabled={send.isPending || send.isSuccess} aria-busy={send.isPending}>
        {send.isPending || send.isSuccess ? "Saving…" : kind === "invite" ? "Set password and continue" : "Set new password"}
      </Button>
    </form>
  );
}
