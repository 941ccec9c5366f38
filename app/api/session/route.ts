import { sessionContract } from "@/lib/contracts/session";
import { withSession } from "@/lib/server/bff";
import { toSessionDto } from "@/lib/server/session-dto";

export const GET = withSession(sessionContract, ({ session }) => toSessionDto(session));
