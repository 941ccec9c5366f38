import "server-only";
import { z } from "zod";
import { decimalString, isoDatetime, paymentStatusSchema } from "./common";

const virtualAccountCommon = {
  id: z.string().optional(),
  status: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  customerEmail: z.string().optional(),
  createdAt: isoDatetime.optional(),
};

/**
 * §2.4 and §3: the account details may be shared only when ready is true, so
 * the type only promises accountNumber, bankName and accountName in that case.
 */
export const virtualAccountSchema = z.discriminatedUnion("ready", [
  z.looseObject({
    ...virtualAccountCommon,
    ready: z.literal(true),
    accountNumber: z.string(),
    bankName: z.string(),
    accountName: z.string(),
  }),
  z.looseObject({ ...virtualAccountCommon, ready: z.literal(false) }),
]);
export type VirtualAccount = z.infer<typeof virtualAccountSchema>;

/** Entries supply bankCode and bankName (§2.4); the envelope follows simulator/README.md. */
const bankSchema = z.looseObject({ bankCode: z.string(), bankName: z.string() });
export const banksSchema = z.looseObject({ items: z.array(bankSchema) });

/** Name enquiry result; accountName is shown to the operator before a payout (§2.4). */
export const verifiedAccountSchema = z.looseObject({
  accountName: z.string(),
  accountNumber: z.string().optional(),
  bankCode: z.string().optional(),
  bankName: z.string().optional(),
});

const beneficiarySnapshotSchema = z.looseObject({
  accountNumber: z.string().optional(),
  bankCode: z.string().optional(),
  accountName: z.string().optional(),
  bankName: z.string().optional(),
});

/** §2.4 payout poll response: every field is promised. */
export const nigeriaPayoutSchema = z.looseObject({
  transactionId: z.string(),
  reference: z.string(),
  status: paymentStatusSchema,
  withdrawalStatus: z.string(),
  /** true once the NGN debit and bank send are final. */
  settled: z.boolean(),
  amount: decimalString,
  currency: z.string(),
  beneficiary: beneficiarySnapshotSchema,
  environment: z.string(),
  fee: decimalString.optional(),
  totalWalletDebit: decimalString.optional(),
  createdAt: isoDatetime.optional(),
});
export type NigeriaPayout = z.infer<typeof nigeriaPayoutSchema>;

/** The create response is not shown (§4.9): only the id and the lowercase pending status are relied on. */
export const nigeriaPayoutCreatedSchema = nigeriaPayoutSchema.partial().required({ transactionId: true, status: true });
export type NigeriaPayoutCreated = z.infer<typeof nigeriaPayoutCreatedSchema>;
