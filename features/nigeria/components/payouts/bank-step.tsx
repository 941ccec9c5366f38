"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { useSession } from "@/components/session/use-session";
import type { BankDto } from "@/features/nigeria/contracts/banks";
import { NGN_BANK_SEARCH_MAX } from "@/lib/requests/limits";
import { banksQueryOptions } from "../nigeria-queries";
import { submitOnEnter } from "./submit-on-enter";

type BankStepProps = { selected: BankDto | null; onSelect: (bank: BankDto) => void; onContinue: () => void };

/** Step 1: a searchable bank list (GET /v1/ngn/banks?search=), one request per pause in typing. */
export function BankStep({ selected, onSelect, onContinue }: BankStepProps) {
  const { mode } = useSession();
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search.trim(), 300);
  const banks = useQuery(banksQueryOptions(mode, debounced));
  // Enter continues with the chosen bank, or with the only one the search (as typed, answered) names.
  const only = debounced === search.trim() && !banks.isFetching && banks.data?.items.length === 1 ? banks.data.items[0] : undefined;

  return (
    <form
      aria-labelledby="bank-step-heading"
      className="space-y-3"
      onKeyDown={submitOnEnter}
      onSubmit={(event) => {
        event.preventDefault();
        if (!selected && only) onSelect(only);
        if (selected || only) onContinue();
      }}
    >
      <h2 id="bank-step-heading" className="text-lg font-semibold text-slate-900">
        Bank
      </h2>
      <div>
        <label htmlFor="bank-search" className="block text-sm font-medium text-slate-900">
          Search banks
        </label>
        <input
          id="bank-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          // The wire schema caps the search (nigeriaBanksQuerySchema): a longer one would be refused, not searched.
          maxLength={NGN_BANK_SEARCH_MAX}
          autoComplete="off"
          className="mt-1 block w-full max-w-md rounded-md border border-slate-400 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-indigo-700"
        />
      </div>
      {banks.isError ? <ErrorState title="Banks could not be loaded." error={banks.error} onRetry={() => void banks.refetch()} /> : null}
      {/* A fixed height: when a search narrows the list, Continue must not move. A click whose press
          and release land on different places is no click, and the list's answer can arrive between them. */}
      <fieldset aria-busy={banks.isFetching} className="h-72 overflow-y-auto rounded-md border border-slate-200 p-2">
        <legend className="px-1 text-sm font-medium text-slate-900">Choose the beneficiary&apos;s bank</legend>
        {banks.data?.items.length === 0 ? <p className="p-2 text-sm text-slate-700">No bank matches “{debounced}”.</p> : null}
        {banks.data?.items.map((bank) => (
          <label key={bank.bankCode} className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm hover:bg-slate-50">
            <input
              type="radio"
              name="bank"
              value={bank.bankCode}
              checked={selected?.bankCode === bank.bankCode}
              onChange={() => onSelect(bank)}
            />
            {bank.bankName}
          </label>
        ))}
      </fieldset>
      <Button type="submit" disabled={!selected}>
        Continue
      </Button>
    </form>
  );
}
