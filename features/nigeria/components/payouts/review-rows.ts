import type { ReviewRow } from "@/components/money-movement/review-dialog";
import type { PayoutSubmission } from "@/lib/requests/ngn-submissions";
import { amountReading } from "@/lib/regions/form";

/** The review rows: the wire body field by field, values exactly as sent (the token is proof, not data, and is not shown). */
export function reviewRowsOf(body: PayoutSubmission): ReviewRow[] {
  const rows: ReviewRow[] = [
    { field: "amount", label: "Amount (NGN)", value: body.amount, reading: amountReading(body.amount, "NGN") },
    { field: "merchantReference", label: "Merchant reference", value: body.merchantReference },
  ];
  if (body.description) rows.push({ field: "description", label: "Description", value: body.description });
  rows.push(
    { field: "beneficiary.bankName", label: "Bank", value: body.beneficiary.bankName },
    { field: "beneficiary.bankCode", label: "Bank code", value: body.beneficiary.bankCode },
    { field: "beneficiary.accountNumber", label: "Account number", value: body.beneficiary.accountNumber },
    { field: "beneficiary.accountName", label: "Account name", value: body.beneficiary.accountName },
  );
  return rows;
}
