"use client";

import { useState } from "react";
import { Dialog, dialogPrimitives, preloadDialog, useFocusBack } from "@/components/ui/dialog";
import { MerchantIdentity } from "@/components/merchant/merchant-identity";
import { SidebarNav } from "./sidebar-nav";
import { UserMenu } from "./user-menu";

/**
 * Below xl (1280 px) the sidebar folds into this sheet (below md the merchant and account too), a
 * Radix dialog opened from the header's Menu. Why up to xl: at 960–1279 px (half a 1920 screen
 * beside a ticket tool) the 224 px sidebar hid ~200 px of the transactions table (docs/decisions/0127).
 */
export function CompactNav() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preloadDialog}
        onTouchStart={preloadDialog}
        onFocus={preloadDialog}
        onClick={() => setOpen(true)}
        className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-700 xl:hidden"
      >
        Menu
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <MenuSheet onNavigate={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

function MenuSheet({ onNavigate }: { onNavigate: () => void }) {
  const { Close, Content, Description, Overlay, Portal, Title } = dialogPrimitives();
  const focusBack = useFocusBack();
  return (
    <Portal>
      <Overlay className="fixed inset-0 bg-slate-900/50 xl:hidden" />
      <Content
        onCloseAutoFocus={focusBack}
        className="fixed inset-y-0 left-0 flex w-[min(18rem,85vw)] flex-col gap-4 overflow-y-auto bg-white p-4 shadow-xl focus:outline-none xl:hidden"
      >
        <div className="flex items-center justify-between gap-2">
          <Title className="text-base font-semibold text-slate-900">Menu</Title>
          <Close className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-50">
            Close
          </Close>
        </div>
        <Description className="sr-only">The console&apos;s pages; on a narrow screen, the merchant and your account too.</Description>
        {/* From md the header shows the merchant and the account itself. */}
        <div className="md:hidden">
          <MerchantIdentity />
        </div>
        <SidebarNav onNavigate={onNavigate} />
        <div className="border-t border-slate-200 pt-4 md:hidden">
          <UserMenu />
        </div>
      </Content>
    </Portal>
  );
}
