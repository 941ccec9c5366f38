// Merchant references every rail must refuse
// (docs/decisions/0034-one-merchantreference-rule.md): the first three
// were accepted by Bangladesh, Brazil and Europe payouts before the rule,
// and live payouts were created with the NUL and the right-to-left
// override ones.
export const HOSTILE_REFERENCES: [label: string, value: string][] = [
  ["a NUL inside", "a\u0000b"],
  ["a right-to-left override", "\u202eevil"],
  ["a lone high surrogate", "a\ud800b"],
  ["a lone low surrogate", "\udfff"],
  ["1 MB", "a".repeat(1 << 20)],
  ["2 MB", "b".repeat(2 << 20)],
  ["65 characters", "c".repeat(65)],
  ["a zero-width space inside", "a\u200bb"],
  ["a byte order mark inside", "a\ufeffb"],
  ["a newline inside", "a\nb"],
  ["a space inside", "a b"],
  ["a Cyrillic look-alike", "\u0430bc"],
  ["a spreadsheet formula", "=HYPERLINK(1)"],
  ["a leading minus", "-1"],
  ["a leading at sign", "@ref"],
  ["a slash", "a/b"],
  ["empty", ""],
  ["blank", "   "],
];
