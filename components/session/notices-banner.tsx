"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/api-fetch";
import { dismissNoticeContract, type NoticeDto } from "@/features/account/contracts";

/** What this person is told at sign-in (issue 54: an account's code step blocked), above every page until dismissed. */
export function NoticesBanner({ notices }: { notices: NoticeDto[] }) {
  const [shown, setShown] = useState(notices);
  const dismiss = useMutation({
    mutationFn: (id: string) => apiFetch(dismissNoticeContract, { body: { id } }),
    onSuccess: (_answer, id) => setShown((current) => current.filter((notice) => notice.id !== id)),
  });
  if (shown.length === 0) return null;
  return (
    <section aria-label="Notices for you" className="space-y-2 border-b border-amber-300 bg-amber-50 px-3 py-2 md:px-4">
      {shown.map((notice) => (
        <div key={notice.id} role="alert" className="flex flex-wrap items-start justify-between gap-2 text-sm text-amber-950">
          <p className="min-w-0 flex-1 wrap-anywhere">{notice.message}</p>
          <Button variant="secondary" onClick={() => dismiss.mutate(notice.id)} disabled={dismiss.isPending}>
            Dismiss
          </Button>
        </div>
      ))}
    </section>
  );
}
