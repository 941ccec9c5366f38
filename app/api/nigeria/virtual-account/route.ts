import { provisionSubmissionSchema } from "@/lib/nigeria/schemas";
import { withSession } from "@/lib/server/bff";
import { provisionVirtualAccount, readVirtualAccount } from "@/lib/server/nigeria/virtual-account";

export const GET = withSession(async ({ client, session }) => readVirtualAccount(client, session.mode), { permission: "nigeria:read" });

export const POST = withSession(async ({ input, client, session }) => provisionVirtualAccount(input, client, session.mode), {
  permission: "money:write",
  input: provisionSubmissionSchema,
});
