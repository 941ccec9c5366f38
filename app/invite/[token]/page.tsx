import { AuthCard } from "@/features/auth/components/auth-card";
import { LinkPasswordForm } from "@/features/staff/components/link-password-form";
import { linkState } from "@/features/staff/server/links";

export const metadata = { title: "Accept invitation" };

/** Public: an invitation's link. Whose it is and the password form, or why it cannot be used, in plain words. */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const state = await linkState(token, "invite");
  if (!state.ok) {
    return (
      <AuthCard title="This invitation cannot be used">
        <p role="alert" data-testid="link-problem" className="text-sm text-slate-900">
          {state.message}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Join the Merchant Console">
      <p className="text-sm text-slate-700">
        {state.name ?? state.email}, you are invited as <strong>{state.role}</strong> with {state.email}. Choose your password; a role that
        moves money or changes access sets up a second factor next.
      </p>
      <LinkPasswordForm token={token} kind="invite" email={state.email} />
    </AuthCard>
  );
}
