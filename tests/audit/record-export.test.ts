// An export's filters reach the trail cut to what it keeps (CSV_EXPORT_FILTERS_MAX), whichever
// page exports: long filters in another script, percent-encoded, ran past it and the export was
// refused ("At most 2,000 characters of filters") on /audit though the page took them.
import { afterEach, describe, expect, it, vi } from "vitest";
import { recordCsvExport } from "@/features/audit/audit-queries";
import { CSV_EXPORT_FILTERS_MAX } from "@/features/audit/contracts";

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal("fetch", fetchMock);
afterEach(() => fetchMock.mockReset());

describe("recordCsvExport", () => {
  it("sends at most CSV_EXPORT_FILTERS_MAX characters of filters, the rest as given", async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ id: "1" }), { headers: { "content-type": "application/json" } }));
    const filters = `target=${encodeURIComponent("支払".repeat(200))}&actor=${"a".repeat(254)}`;
    expect(filters.length).toBeGreaterThan(CSV_EXPORT_FILTERS_MAX);
    await recordCsvExport({ page: "audit", filters, rows: 3, partial: false });
    const sent = JSON.parse(fetchMock.mock.calls[0]![1]!.body as string) as Record<string, unknown>;
    expect(sent).toEqual({ page: "audit", filters: filters.slice(0, CSV_EXPORT_FILTERS_MAX), rows: 3, partial: false });
  });
});
