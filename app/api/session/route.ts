import { sessionContract } from "@/lib/contracts/session";
import { withSession } from "@/lib/server/bff";
import { toSessionDto } from "@/lib/server/session-dto";

// anyMode: this read is how a page that shows the other mode catches up with the session (ModeScope).
export const GET = withSession(sessionContract, ({ session }) => toSessionDto(session), { anyMode: true });
