"use client";

import { Button } from "@/components/ui/button";
import { DialogClose } from "@/components/ui/dialog";

type Props = {
  pending: boolean;
  confirmLabel: string;
  pendingLabel: string;
  onConfirm: () => void;
  variant?: "primary" | "danger";
  cancelLabel?: string;
};

/** A confirmation dialog's footer: cancel, and the one action, both locked while it runs. */
export function DialogActions({ pending, confirmLabel, pendingLabel, onConfirm, variant = "primary", cancelLabel = "Cancel" }: Props) {
  return (
    <div className="mt-5 flex justify-end gap-2">
      <DialogClose asChild>
        <Button variant="secondary" disabled={pending}>
          {cancelLabel}
        </Button>
      </DialogClose>
      <Button variant={variant} onClick={onConfirm} disabled={pending} aria-busy={pending}>
        {pending ? pendingLabel : confirmLabel}
      </Button>
    </div>
  );
}
