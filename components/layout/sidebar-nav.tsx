"use client";

import { usePathname } from "next/navigation";
import { navFor } from "@/lib/permissions";
import { useSession } from "@/components/session/use-session";
import { IntentPrefetchLink } from "@/components/ui/intent-prefetch-link";
import { ApprovalCountBadge } from "@/features/approvals/approval-count-badge";

function isCurrent(pathname: string, href: string): boolean {
  return href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
}

/** Only the pages the role may use; the BFF enforces the same matrix. `onNavigate`: the phone sheet closes on a choice. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useSession();
  const pathname = usePathname();
  return (
    <nav aria-label="Main">
      <ul className="space-y-1">
        {navFor(user.role).map((item) => {
          const current = isCurrent(pathname, item.href);
          return (
            <li key={item.href}>
              <IntentPrefetchLink
                href={item.href}
                aria-current={current ? "page" : undefined}
                onClick={onNavigate}
                className={`block rounded-md px-3 py-2 text-sm ${current ? "bg-indigo-50 font-semibold text-indigo-900" : "text-slate-800 hover:bg-slate-100"}`}
              >
                {item.label}
                {item.href === "/approvals" ? <ApprovalCountBadge /> : null}
              </IntentPrefetchLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
