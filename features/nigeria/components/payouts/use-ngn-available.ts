"use client";

import { usePocketAvailable } from "@/features/balances/use-pocket-available";

/** The NGN pocket's available balance: undefined while loading, null when there is no NGN pocket. */
export const useNgnAvailable = () => usePocketAvailable("NGN");
