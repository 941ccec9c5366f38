"use client";

import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";

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
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="secondary" disabled={pending}>
          {cancelLabel}
        </Button>
      </DialogClose>
      <Button variant={variant} onClick={onConfirm} disabled={pending} aria-busy={pending}>
        {pending ? pendingLabel : confirmLabel}
      </Button>
    </DialogFooter>
  );
}
