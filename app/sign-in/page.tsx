import { redirect } from "next/navigation";
import { AuthCard } from "@/features/auth/components/auth-card";
import { SignInForm } from "@/features/auth/components/sign-in-form";
import { getCurrentSession } from "@/lib/server/session";

export const metadata = { title: "Sign in" };

type Props = { searchParams: Promise<{ returnTo?: string | string[] }> };

export default async function SignInPage({ searchParams }: Props) {
  if (await getCurrentSession()) redirect("/");
  const { returnTo } = await searchParams;
  // Passed through untouched: the sign-in route validates it as a same-origin path.
  const requested = typeof returnTo === "string" ? returnTo : undefined;
  return (
    <AuthCard title="Sign in">
      <SignInForm returnTo={requested} />
    </AuthCard>
  );
}
