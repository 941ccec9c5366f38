import type { ReactNode } from "react";
import { MerchantIdentity } from "@/components/merchant/merchant-identity";
import { IdleWarning } from "@/components/session/idle-warning";
import { NoticesBanner } from "@/components/session/notices-banner";
import type { NoticeDto } from "@/features/account/contracts";
import { ModeScope } from "@/components/session/mode-scope";
import { HeaderSearch } from "@/features/lookup/header-search";
import { StepUpDialog } from "@/components/step-up/step-up-dialog";
import { CompactNav } from "./compact-nav";
import { ModeSwitch } from "./mode-switch";
import { SidebarNav } from "./sidebar-nav";
import { ModeBanner } from "./mode-banner";
import { UserMenu } from "./user-menu";

/** `notices`: what this person is told at sign-in until dismissed (the layout reads them). */
export function AppShell({ children, notices = [] }: { children: ReactNode; notices?: NoticeDto[] }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-10 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <ModeBanner />
        <NoticesBanner notices={notices} />
        {/* Below md: Menu, the name and the mode only; the rest is in the Menu sheet. Below xl the pages are in it too (compact-nav.tsx). */}
        <div className="flex items-center justify-between gap-3 px-3 py-2 md:gap-4 md:px-4 md:py-3">
          <div className="flex min-w-0 items-center gap-3 md:gap-6">
            <CompactNav />
            <p className="truncate text-base font-bold text-slate-900 md:text-lg">Merchant Console</p>
            <div className="hidden md:block">
              <MerchantIdentity />
            </div>
          </div>
          <div className="flex items-center gap-4">
            <HeaderSearch />
            <ModeSwitch />
            <div className="hidden md:block">
              <UserMenu />
            </div>
          </div>
        </div>
      </header>
      <div className="flex flex-1">
        <aside className="hidden w-56 shrink-0 border-r border-slate-200 bg-white p-3 xl:block">
          <SidebarNav />
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 focus:outline-none md:p-6">
          <ModeScope>{children}</ModeScope>
        </main>
      </div>
      <StepUpDialog />
      <IdleWarning />
    </div>
  );
}
