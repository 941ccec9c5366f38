import { AuthCard } from "@/features/auth/components/auth-card";
import { LinkPasswordForm } from "@/features/staff/components/link-password-form";
import { linkState } from "@/features/staff/server/links";

export const metadata = { title: "Set a new password" };

/** Public: a password-reset link. The form, or why the link cannot be used, in plain words. */
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const state = await linkState(token, "reset");
  if (!state.ok) {
    return (
      <AuthCard title="This link cannot be used">
        <p role="alert" data-testid="link-problem" className="text-sm text-slate-900">
          {state.message}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Set a new password">
      <p className="text-sm text-slate-700">
        For {state.email}. Every session of this account ends; sign in again afterwards (your second factor stays as it is).
      </p>
      <LinkPasswordForm token={token} kind="reset" email={state.email} />
    </AuthCard>
  );
}
