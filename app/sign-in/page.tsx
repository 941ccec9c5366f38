import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { getCurrentSession } from "@/lib/server/session";

export const metadata = { title: "Sign in" };

type Props = { searchParams: Promise<{ returnTo?: string | string[] }> };

export default async function SignInPage({ searchParams }: Props) {
  if (await getCurrentSession()) redirect("/");
  const { returnTo } = await searchParams;
  // Passed through untouched: the sign-in route validates it as a same-origin path.
  const requested = typeof returnTo === "string" ? returnTo : undefined;
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm space-y-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <div>
          <p className="text-sm font-medium text-indigo-800">Merchant Console</p>
          <h1 className="mt-1 text-2xl font-semibold text-slate-900">Sign in</h1>
        </div>
        <SignInForm returnTo={requested} />
      </div>
    </main>
  );
}
