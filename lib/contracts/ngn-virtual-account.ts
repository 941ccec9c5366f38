// GET and POST /api/nigeria/virtual-account (browser-safe).
import { contract } from "./contract";

/** Account details exist only in the `ready` variant, so no screen can show them early (§3: ready must be true first). */
export type VirtualAccountDto =
  | { state: "live_only" }
  | { state: "none" }
  | { state: "provisioning"; id?: string; firstName?: string; lastName?: string; createdAt?: string }
  | { state: "ready"; id?: string; accountNumber: string; bankName: string; accountName: string; createdAt?: string };

const path = () => "/api/nigeria/virtual-account";

export const nigeriaVirtualAccountContract = contract<VirtualAccountDto>()({ method: "GET", path });

/** Provisions it once (§4.6); the reference the Idempotency-Key derives from travels with the six fields. */
export const nigeriaProvisionContract = contract<VirtualAccountDto>()({
  method: "POST",
  path,
  input: () => import("@/lib/requests/ngn-submissions").then((m) => m.provisionSubmissionSchema),
});
