"use client";

import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingBlock } from "@/components/ui/loading-block";
import { LocalTime } from "@/components/ui/local-time";
import { WIDE_ONLY_CELL } from "@/components/ui/table-classes";
import { ROLES, isRole } from "@/lib/permissions";
import type { StaffQuery, StaffRowDto, StaffStatus } from "@/features/staff/contracts";
import { InviteDialog } from "./invite-dialog";
import { ManageDialog } from "./manage-dialog";
import { LabelledSelect } from "./role-select";
import { staffQueryOptions } from "./staff-queries";

const STATUSES: readonly StaffStatus[] = ["invited", "active", "deactivated"];
const STATUS_TONE: Record<StaffStatus, BadgeTone> = { invited: "violet", active: "green", deactivated: "slate" };
const FACTOR_TEXT = { enrolled: "Enrolled", blocked: "Blocked", none: "None" } as const;

/** The URL's filters (?role=&status=): unknown values are ignored, as if unset. */
function queryOf(params: URLSearchParams): StaffQuery {
  const role = params.get("role");
  const status = params.get("status");
  return {
    ...(isRole(role) ? { role } : {}),
    ...(STATUSES.includes(status as StaffStatus) ? { status: status as StaffStatus } : {}),
  };
}

function StatusCell({ row }: { row: StaffRowDto }) {
  const invitation = row.invitation;
  return (
    <div className="space-y-1">
      <Badge tone={STATUS_TONE[row.status]}>{row.status}</Badge>
      {invitation?.awaitingConfirmation ? <p className="text-xs text-amber-900">Awaits a second admin</p> : null}
      {invitation?.expired ? <p className="text-xs text-red-800">Link expired</p> : null}
    </div>
  );
}

const CELL = "px-3 py-2 align-top";

/** /staff: the list with its filters in the URL, the invite dialog, and each person's changes. */
export function StaffScreen() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const query = queryOf(new URLSearchParams(params.toString()));
  const list = useQuery(staffQueryOptions(query));
  /** The row whose dialog is open, as it was when opened. */
  const [managing, setManaging] = useState<StaffRowDto | null>(null);
  const setFilter = (name: "role" | "status", value: string) => {
    const next = new URLSearchParams(params.toString());
    if (value) next.set(name, value);
    else next.delete(name);
    const qs = next.toString();
    router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <LabelledSelect
          allLabel="All"
          width="w-40"
          id="staff-role"
          label="Role"
          value={query.role ?? ""}
          options={ROLES}
          onChange={(value) => setFilter("role", value)}
        />
        <LabelledSelect
          allLabel="All"
          width="w-40"
          id="staff-status"
          label="Status"
          value={query.status ?? ""}
          options={STATUSES}
          onChange={(value) => setFilter("status", value)}
        />
        <div className="ml-auto">{list.data ? <InviteDialog mailConfigured={list.data.mailConfigured} /> : null}</div>
      </div>
      {list.isPending ? (
        <LoadingBlock label="Loading staff" />
      ) : list.isError ? (
        <ErrorState title="The staff list could not be loaded" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.rows.length === 0 ? (
        <EmptyState title="Nobody matches these filters" />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm text-slate-900">
            <thead className="bg-slate-50 text-xs font-semibold text-slate-700 uppercase">
              <tr>
                <th scope="col" className={CELL}>
                  Person
                </th>
                <th scope="col" className={`${CELL} ${WIDE_ONLY_CELL}`}>
                  Role
                </th>
                <th scope="col" className={CELL}>
                  Status
                </th>
                <th scope="col" className={`${CELL} ${WIDE_ONLY_CELL}`}>
                  Second factor
                </th>
                <th scope="col" className={`${CELL} ${WIDE_ONLY_CELL}`}>
                  Last sign-in
                </th>
                <th scope="col" className={`${CELL} ${WIDE_ONLY_CELL}`}>
                  Sessions
                </th>
                <th scope="col" className={CELL}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {list.data.rows.map((row) => (
                <tr key={row.invitation?.id ?? row.email} data-testid="staff-row" data-email={row.email}>
                  <td className={`${CELL} max-w-64`}>
                    <p className="font-medium break-words">{row.name}</p>
                    <p className="text-xs wrap-anywhere text-slate-700">{row.email}</p>
                    <p className="text-xs text-slate-700 md:hidden">{row.role}</p>
                  </td>
                  <td className={`${CELL} ${WIDE_ONLY_CELL}`}>{row.role}</td>
                  <td className={CELL}>
                    <StatusCell row={row} />
                  </td>
                  <td className={`${CELL} ${WIDE_ONLY_CELL}`}>{row.secondFactor ? FACTOR_TEXT[row.secondFactor] : "—"}</td>
                  <td className={`${CELL} ${WIDE_ONLY_CELL}`}>{row.lastSignInAt ? <LocalTime iso={row.lastSignInAt} /> : "Never"}</td>
                  <td className={`${CELL} ${WIDE_ONLY_CELL}`}>{row.activeSessions}</td>
                  <td className={`${CELL} text-right`}>
                    <Button variant="secondary" aria-label={`Manage ${row.name}`} onClick={() => setManaging(row)}>
                      Manage
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {managing && list.data ? <ManageDialog row={managing} me={list.data.me} onClose={() => setManaging(null)} /> : null}
    </div>
  );
}
