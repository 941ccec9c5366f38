// Browser-safe. When the BFF answers 403 step_up_required, apiFetch asks whoever registered
// here (components/step-up/step-up-dialog.tsx, mounted once in the dashboard's shell) for a
// code, and sends the same request again if one was accepted. Requests that need it at the
// same moment share one prompt.

type Prompt = () => Promise<boolean>;

let prompt: Prompt | null = null;
let pending: Promise<boolean> | null = null;

/** Registers the dialog; returns the unregister function (for an effect's cleanup). */
export function setStepUpPrompt(next: Prompt): () => void {
  prompt = next;
  return () => {
    if (prompt === next) prompt = null;
  };
}

/** Resolves true once a code has been accepted; false when there is no dialog or it was cancelled. */
export function askForStepUp(): Promise<boolean> {
  if (!prompt) return Promise.resolve(false);
  pending ??= prompt().finally(() => {
    pending = null;
  });
  return pending;
}
