"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { MerchantIdentity } from "@/components/merchant/merchant-identity";
import { SidebarNav } from "./sidebar-nav";
import { UserMenu } from "./user-menu";

/**
 * Below the md breakpoint the sidebar, the merchant and the account fold into this sheet (a
 * Radix dialog: focus is trapped while it is open, Escape and the overlay close it), opened
 * from the header's Menu button. Choosing a page closes it.
 */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Trigger className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-700 md:hidden">
        Menu
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 bg-slate-900/50 md:hidden" />
        <RadixDialog.Content className="fixed inset-y-0 left-0 flex w-[min(18rem,85vw)] flex-col gap-4 overflow-y-auto bg-white p-4 shadow-xl focus:outline-none md:hidden">
          <div className="flex items-center justify-between gap-2">
            <RadixDialog.Title className="text-base font-semibold text-slate-900">Menu</RadixDialog.Title>
            <RadixDialog.Close className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-50">
              Close
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className="sr-only">The console&apos;s pages, the merchant and your account.</RadixDialog.Description>
          <MerchantIdentity />
          <SidebarNav onNavigate={() => setOpen(false)} />
          <div className="border-t border-slate-200 pt-4">
            <UserMenu />
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
