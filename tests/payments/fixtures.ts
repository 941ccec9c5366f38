// Valid request bodies for every write, and a §2.3 transaction as the service sends it, shared
// by the unit and integration tests.
import type {
  BangladeshPayinRequest,
  BangladeshPayoutRequest,
  BrazilPayinRequest,
  BrazilPayoutRequest,
  EuropePayinRequest,
  EuropePayoutRequest,
  IndiaPayinRequest,
  NigeriaPayoutRequest,
  NigeriaVirtualAccountRequest,
  PyusdIntentRequest,
} from "@/lib/requests";

export const bangladeshPayin: BangladeshPayinRequest = {
  amount: "500.00",
  paymentMethodCode: "BKASH",
  returnUrl: "https://shop.example/return",
  customer: { name: "Rahim Uddin", email: "rahim@example.com", phone: "+8801700000000", deviceId: "dev-1" },
  goodsInfo: { name: "Order 1", id: "order-1", price: "500.00" },
};

export const bangladeshPayout: BangladeshPayoutRequest = {
  amount: "300.00",
  paymentMethodCode: "NAGAD",
  merchantReference: "bd-wd-1",
  beneficiary: { name: "Karim", walletNumber: "01711111111" },
};

export const brazilPayin: BrazilPayinRequest = {
  amount: "50.00",
  paymentMethodCode: "PIX",
  customer: { name: "Ana Souza", email: "ana@example.com", taxId: "12345678909" },
};

export const brazilPayout: BrazilPayoutRequest = {
  amount: "25.00",
  merchantReference: "br-wd-1",
  pixKey: "ana@example.com",
  pixKeyType: "EMAIL",
  beneficiary: { name: "Ana Souza" },
};

export const indiaPayin: IndiaPayinRequest = { amount: "885.00", currencySymbol: "INR" };

export const europePayin: EuropePayinRequest = {
  amount: "100.00",
  currency: "EUR",
  customer: { name: "Jan de Vries", email: "jan@example.com" },
  returnUrl: "https://shop.example/return",
};

export const europePayout = (amount: string): EuropePayoutRequest => ({
  amount,
  merchantReference: `eu-wd-${amount}`,
  beneficiary: { name: "Jan de Vries", iban: "NL91ABNA0417164300" },
});

export const nigeriaVirtualAccount: NigeriaVirtualAccountRequest = {
  bvn: "12345678901",
  firstName: "Ada",
  lastName: "Obi",
  phoneNumber: "+2348010000000",
  dateOfBirth: "1990-05-17",
  customerEmail: "ada@example.com",
};

export const nigeriaPayout = (amount: string, accountName = "ADA OBI"): NigeriaPayoutRequest => ({
  amount,
  merchantReference: `ng-wd-${amount}`,
  description: "Supplier payment",
  beneficiary: { accountNumber: "0123456789", bankCode: "058", accountName, bankName: "GTBank" },
});

export const pyusdIntent: PyusdIntentRequest = { amount: "25.000000", merchantReference: "py-1", expiresInMinutes: 30 };

/** One §2.3 list item, every field present (a completed, failed NGN payout). */
export const transactionItem = {
  id: "tx_1",
  type: "payout",
  status: "failed",
  amount: "1.00",
  currency: "NGN",
  rail: "nigeria",
  railLabel: "Nigeria",
  paidAmount: null,
  platformOrderId: "p",
  createdAt: "2026-01-01T00:00:00Z",
  completedAt: "2026-01-01T00:01:00+01:00",
};
