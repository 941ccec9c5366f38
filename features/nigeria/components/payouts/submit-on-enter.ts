import type { KeyboardEvent } from "react";

/**
 * Enter in any field of a wizard step submits the step, as in the India form. The browser's own
 * implicit submission would not: it stops while the step's button is disabled (no bank chosen
 * yet, a name still to look up), and radios and checkboxes have none.
 */
export function submitOnEnter(event: KeyboardEvent<HTMLFormElement>): void {
  if (event.key !== "Enter" || event.nativeEvent.isComposing || !(event.target instanceof HTMLInputElement)) return;
  event.preventDefault();
  event.currentTarget.requestSubmit();
}
