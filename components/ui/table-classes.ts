/**
 * A table cell a phone does without (below md): what it holds is elsewhere in the row on a phone,
 * or one tap away on the row's own page. Display none also takes it out of the accessibility tree,
 * so a screen reader on a phone hears each value once.
 */
export const WIDE_ONLY_CELL = "hidden md:table-cell";
