"use client";

import { Button } from "@/components/ui/button";
import { csvFileName, transactionsToCsv } from "@/lib/transactions/csv";
import type { PreparedRow } from "@/lib/transactions/prepared";

/** Built in the browser from the rows on screen (filtered, in table order): no second download of the list. */
export function CsvExportButton({ rows, mode, partial }: { rows: readonly PreparedRow[]; mode: string; partial: boolean }) {
  const download = () => {
    const csv = transactionsToCsv(rows.map((p) => p.row));
    const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = csvFileName(mode, new Date());
    link.click();
    // Revoke after the click has been handled, or some browsers cancel the download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <Button
      variant="secondary"
      onClick={download}
      disabled={rows.length === 0}
      title={partial ? "Only the rows loaded so far are exported" : undefined}
    >
      Export CSV ({rows.length.toLocaleString("en-US")} rows{partial ? ", partial" : ""})
    </Button>
  );
}
