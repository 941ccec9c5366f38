import { redirect } from "next/navigation";
import { AuthCard } from "@/features/auth/components/auth-card";
import { SignInForm } from "@/features/auth/components/sign-in-form";
import { getCurrentSession } from "@/lib/server/session";

export const metadata = { title: "Sign in" };

type Props = { searchParams: Promise<{ returnTo?: string | string[]; reset?: string | string[] }> };

export default async function SignInPage({ searchParams }: Props) {
  if (await getCurrentSession()) redirect("/");
  const { returnTo, reset } = await searchParams;
  // Passed through untouched: the sign-in route validates it as a same-origin path.
  const requested = typeof returnTo === "string" ? returnTo : undefined;
  return (
    <AuthCard title="Sign in">
      {/* Where a password-reset link leads once used (features/staff/server/links.ts). */}
      {reset === "1" ? (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-950">
          Your password was changed; sign in with the new one.
        </p>
      ) : null}
      <SignInForm returnTo={requested} />
    </AuthCard>
  );
}
