"use client";

import { Button } from "@/components/ui/button";
import { IntentPrefetchLink } from "@/components/ui/intent-prefetch-link";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useSignOut } from "@/features/auth/use-sign-out";
import { useSession } from "@/components/session/use-session";

const ROLE_LABELS = { admin: "Admin", finance: "Finance", support: "Support", viewer: "Viewer", approver: "Approver" } as const;

export function UserMenu() {
  const { user } = useSession();
  const signOut = useSignOut();
  const hydrated = useHydrated();
  return (
    <div className="flex items-center gap-3">
      <div className="text-right">
        <p className="text-sm font-medium text-slate-900" data-testid="signed-in-user">
          {/* One's own account: sessions (and ending them), two-factor state. Fetched on intent, as the sidebar's links are. */}
          <IntentPrefetchLink href="/account" className="hover:underline" title="Your account and sessions">
            {user.name}
          </IntentPrefetchLink>
        </p>
        <p className="text-xs text-slate-600">
          {user.email} · {ROLE_LABELS[user.role]}
        </p>
      </div>
      <div className="flex flex-col items-end gap-1">
        <Button variant="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending || !hydrated}>
          Sign out
        </Button>
        {signOut.isError ? (
          <p role="alert" className="max-w-[16ch] text-right text-xs text-red-800">
            Still signed in: try again.
          </p>
        ) : null}
      </div>
    </div>
  );
}
