import { sessionIdleContract } from "@/lib/contracts/session";
import { withSession } from "@/lib/server/bff";

// When this session ends unless the person uses it: the idle warning's clock (issue 54). Read as
// background it leaves that clock alone; read after the person's click it is that use.
export const GET = withSession(sessionIdleContract, ({ session }) => ({ idleEndsAt: session.endsAt.toISOString() }), {
  anyMode: true,
});
