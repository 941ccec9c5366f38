import { meContract } from "@/lib/contracts/me";
import { withSession } from "@/lib/server/bff";

// Only what the header shows; scopes and the key prefix stay on the server.
export const GET = withSession(meContract, async ({ client, session }) => {
  const me = await client.me();
  return { merchantId: me.merchantId, name: me.name ?? me.merchantId, environment: me.environment ?? session.mode };
});
