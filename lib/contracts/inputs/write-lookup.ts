// The query of every rail's "was it created?" lookup route, loaded by the BFF only (contract.ts says why).
import * as z from "zod/mini";
import { merchantReferenceSchema } from "@/lib/requests";

export const referenceLookupSchema = z.object({ reference: merchantReferenceSchema });
