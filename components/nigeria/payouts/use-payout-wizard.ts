"use client";

import { useEffect, useReducer } from "react";
import { generateMerchantReference } from "@/lib/nigeria/reference";
import { initialWizardState, wizardReducer } from "@/lib/nigeria/wizard";

/**
 * The wizard's state (lib/nigeria/wizard.ts rules). The reference is generated
 * after mount, not during the server render, so server and browser agree.
 */
export function usePayoutWizard() {
  const [state, dispatch] = useReducer(wizardReducer, "", initialWizardState);
  useEffect(() => {
    dispatch({ type: "freshReference", merchantReference: generateMerchantReference() });
  }, []);
  const freshReference = () => dispatch({ type: "freshReference", merchantReference: generateMerchantReference() });
  return { state, dispatch, freshReference };
}
