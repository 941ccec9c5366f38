// Browser-safe: the wizard's bank search. The API searches bank names as written (§4.6), so
// "gtb", "uba" or "fcmb", as people name their banks, found nothing.

/** Short names that are neither part of the name nor its initials, by CBN bank code. */
const SHORT_NAMES: Readonly<Record<string, string>> = { gtbank: "058", gtco: "058", alat: "035" };

/** Words left out of initials: "United Bank for Africa" is UBA, "First Bank of Nigeria" FBN. */
const LINKING_WORDS = new Set(["of", "for", "and", "the"]);

const compact = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

const initialsOf = (name: string) =>
  name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "" && !LINKING_WORDS.has(word))
    .map((word) => word[0])
    .join("");

/**
 * The banks a search names, in the list's order: by any part of the name (spaces ignored), by a
 * known short name, or by the name's initials (three letters or more: "ub" would be several).
 */
export function matchingBanks<B extends { bankCode: string; bankName: string }>(banks: readonly B[], search: string): B[] {
  const wanted = compact(search);
  if (wanted === "") return [...banks];
  const byShortName = SHORT_NAMES[wanted];
  return banks.filter(
    (bank) =>
      compact(bank.bankName).includes(wanted) ||
      bank.bankCode === byShortName ||
      (wanted.length >= 3 && initialsOf(bank.bankName) === wanted),
  );
}
