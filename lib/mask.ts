// Masks for personal and account data shown after the fact.

/** "0123456789" → "••••••6789": enough to recognise the account, not to reuse it. */
export function maskAccountNumber(value: string): string {
  if (value.length <= 4) return value;
  return `${"•".repeat(value.length - 4)}${value.slice(-4)}`;
}

/** After submission the BVN shows only its last two digits. */
export function maskBvn(value: string): string {
  return value.length <= 2 ? "•••" : `${"•".repeat(value.length - 2)}${value.slice(-2)}`;
}

/** The date of birth is never shown back in full. */
export function maskDateOfBirth(): string {
  return "••••-••-••";
}
