// The customer details an India request carried, by transaction id, for the result this tab shows:
// the API's answer has no customer (§2.6). In this tab's memory only, never in storage (personal
// data, components/money-movement/session-memory.ts): another tab or a reload shows none.

export type EnteredCustomer = { name: string; email: string; phone: string };

const entered = new Map<string, EnteredCustomer>();

export function rememberEnteredCustomer(transactionId: string, customer: EnteredCustomer): void {
  entered.set(transactionId, customer);
}

export function enteredCustomer(transactionId: string): EnteredCustomer | undefined {
  return entered.get(transactionId);
}
