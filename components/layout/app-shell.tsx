import type { ReactNode } from "react";
import { MerchantIdentity } from "@/components/merchant/merchant-identity";
import { StepUpDialog } from "@/components/step-up/step-up-dialog";
import { ModeSwitch } from "./mode-switch";
import { SidebarNav } from "./sidebar-nav";
import { TestModeBanner } from "./test-mode-banner";
import { UserMenu } from "./user-menu";

export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-10 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <TestModeBanner />
        <div className="flex flex-wrap items-center justify-between gap-4 px-4 py-3">
          <div className="flex items-center gap-6">
            <p className="text-lg font-bold text-slate-900">Merchant Console</p>
            <MerchantIdentity />
          </div>
          <div className="flex flex-wrap items-center gap-4">
            <ModeSwitch />
            <UserMenu />
          </div>
        </div>
      </header>
      <div className="flex flex-1">
        <aside className="w-56 shrink-0 border-r border-slate-200 bg-white p-3">
          <SidebarNav />
        </aside>
        <main id="main" tabIndex={-1} className="flex-1 p-6 focus:outline-none">
          {children}
        </main>
      </div>
      <StepUpDialog />
    </div>
  );
}
