import { AccountScreen } from "@/features/account/components/account-screen";
import { requirePageSession } from "@/lib/server/session";

export const metadata = { title: "Your account" };

/** Every role: one's own sessions (and ending them) and the second factor's state. */
export default async function Page() {
  const session = await requirePageSession(undefined, "/account");
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Your account</h1>
      <p className="text-sm text-slate-700">
        Signed in as <span className="wrap-anywhere">{session.user.email}</span> ({session.user.role}).
      </p>
      <AccountScreen />
    </div>
  );
}
