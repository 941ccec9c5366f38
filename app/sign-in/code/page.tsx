import { redirect } from "next/navigation";
import { AuthCard } from "@/features/auth/components/auth-card";
import { CancelSignIn } from "@/features/auth/components/cancel-sign-in";
import { CodeForm } from "@/features/auth/components/code-form";
import { getCurrentSession, getPendingSignIn } from "@/lib/server/session";

export const metadata = { title: "Sign in: code" };

type Props = { searchParams: Promise<{ returnTo?: string | string[] }> };

/** After a right password, for an account with a second factor. Anyone else has nothing to do here. */
export default async function SignInCodePage({ searchParams }: Props) {
  if (await getCurrentSession()) redirect("/");
  const pending = await getPendingSignIn();
  const { returnTo } = await searchParams;
  const requested = typeof returnTo === "string" ? returnTo : undefined;
  if (pending?.row.stage !== "second_factor") redirect(`/sign-in${requested ? `?returnTo=${encodeURIComponent(requested)}` : ""}`);
  return (
    <AuthCard title="Enter your code">
      <p className="text-sm text-slate-700">
        Signing in as <span className="wrap-anywhere">{pending.user.email}</span>.
      </p>
      <CodeForm returnTo={requested} />
      <CancelSignIn />
    </AuthCard>
  );
}
