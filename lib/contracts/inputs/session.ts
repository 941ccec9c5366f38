// The input schemas of lib/contracts/session.ts, loaded by the BFF only (contract.ts says why).
import * as z from "zod/mini";

export const sessionModeInputSchema = z.object({ mode: z.enum(["test", "live"]) });
