import { redirect } from "next/navigation";
import { AuthCard } from "@/features/auth/components/auth-card";
import { EnrolForm } from "@/features/auth/components/enrol-form";
import { db } from "@/lib/server/db/app";
import { hasSecondFactor } from "@/lib/server/second-factor/second-factor-store";
import { getAnySignIn } from "@/lib/server/session";

export const metadata = { title: "Set up two-factor sign-in" };

type Props = { searchParams: Promise<{ returnTo?: string | string[] }> };

/** Enrolment: a sign-in that must enrol first, or a signed-in account without a factor (from /account). */
export default async function EnrolPage({ searchParams }: Props) {
  const { returnTo } = await searchParams;
  const requested = typeof returnTo === "string" ? returnTo : undefined;
  const signIn = await getAnySignIn();
  if (!signIn || signIn.row.stage === "second_factor") redirect(`/sign-in${requested ? `?returnTo=${encodeURIComponent(requested)}` : ""}`);
  if (await hasSecondFactor(db(), signIn.user.email)) redirect("/account");
  return (
    <AuthCard title="Set up two-factor sign-in" wide>
      <p className="text-sm text-slate-700">
        For <span className="wrap-anywhere">{signIn.user.email}</span>.{" "}
        {signIn.row.stage === "enrol"
          ? "Your role moves money or changes settings, so it needs a code from your phone at each sign-in."
          : ""}
      </p>
      <EnrolForm returnTo={requested} askPassword={signIn.row.stage === "active"} />
    </AuthCard>
  );
}
