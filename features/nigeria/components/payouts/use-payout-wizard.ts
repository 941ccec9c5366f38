"use client";

import { useEffect, useReducer } from "react";
import { initialWizardState, wizardReducer } from "@/features/nigeria/wizard";

/**
 * The wizard's state (features/nigeria/wizard.ts rules). Its merchantReference is the
 * write's reference (useReviewedSubmit): filled in once mounted, so server and
 * browser agree, and again after "Start again".
 */
export function usePayoutWizard(reference: string | null) {
  const [state, dispatch] = useReducer(wizardReducer, "", initialWizardState);
  useEffect(() => {
    if (reference) dispatch({ type: "freshReference", merchantReference: reference });
  }, [reference]);
  return { state, dispatch };
}
