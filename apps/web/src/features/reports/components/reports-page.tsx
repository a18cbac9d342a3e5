import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatCents, reportFiltersProblem, reportMessages, type ReportFilters } from '@caterway/domain';
import { Button } from '@caterway/ui';
import { isApiError } from '../../../lib/api-client';
import { notifyError } from '../../../stores/notifications';
import { downloadInvoice } from '../api/download-invoice';
import { exportSpendCsv } from '../api/export-spend-csv';
import { useUserCateringOrders, type ReportRow } from '../api/get-user-catering-orders';
import './reports.css';

const EMPTY: Required<ReportFilters> = { startDate: '', endDate: '', company: '' };

const sameFilters = (a: ReportFilters, b: ReportFilters) =>
  (a.startDate ?? '').trim() === (b.startDate ?? '').trim() &&
  (a.endDate ?? '').trim() === (b.endDate ?? '').trim() &&
  (a.company ?? '').trim() === (b.company ?? '').trim();

const errorText = (error: unknown) =>
  isApiError(error) ? (error.serverError ?? error.message) : 'Could not load the reports.';

export interface ReportsPageProps {
  /** /chefs/{presetSlug}/{id}: the order's own page (ordering-payments §2) */
  orderHref: (presetSlug: string, orderId: number) => string;
}

/** /reports 'Report Overview' (ordering-payments §2 'Reports page', §4 'Reports', §5, §8). */
export function ReportsPage({ orderHref }: ReportsPageProps) {
  const [draft, setDraft] = useState<Required<ReportFilters>>(EMPTY);
  const [applied, setApplied] = useState<{ filters: ReportFilters; page: number }>({ filters: {}, page: 1 });
  const [hint, setHint] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const query = useUserCateringOrders({ ...applied.filters, page: applied.page });
  const hintId = useId();
  const exportErrorId = useId();

  // Report failure: the error read from the response; the list shows no results (ordering-payments §8).
  useEffect(() => {
    if (query.isError) notifyError(errorText(query.error));
  }, [query.isError, query.error, query.errorUpdatedAt]);

  const rows: ReportRow[] = query.isError ? [] : (query.data?.userCateringOrders ?? []);
  const totalPages = Math.max(query.isError ? 1 : (query.data?.pagination.totalPages ?? 1), 1);
  const fetching = query.isFetching;
  const pageTotal = rows.reduce((sum, r) => sum + r.totalPrice, 0);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const filled = draft.startDate.trim() !== '' || draft.endDate.trim() !== '' || draft.company.trim() !== '';
    // Submit needs both dates, or a vendor name; otherwise nothing is sent (ordering-payments §5).
    const problem = filled ? reportFiltersProblem(draft) : reportMessages.needBothDatesOrVendor;
    setHint(problem);
    if (problem) return;
    if (sameFilters(draft, applied.filters)) void query.refetch();
    else setApplied({ filters: { ...draft }, page: 1 });
  };

  const onClear = () => {
    setDraft(EMPTY);
    setHint(null);
    setApplied({ filters: {}, page: 1 });
  };

  const onDownload = async (id: number) => {
    setDownloading(id);
    try {
      await downloadInvoice(id);
    } catch (error) {
      notifyError(errorText(error));
    } finally {
      setDownloading(null);
    }
  };

  // every order of the filters the table shows, as a file for spreadsheets (issue 17 part 3)
  const onExport = async () => {
    setExporting(true);
    setExportError(null);
    try {
      setExportError(await exportSpendCsv(applied.filters));
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="page reports-page" aria-labelledby="reports-title">
      <h1 id="reports-title">Report Overview</h1>

      <form className="report-filters" onSubmit={onSubmit} noValidate aria-describedby={hint ? hintId : undefined}>
        <div className="field">
          <label htmlFor="report-start">Delivery Start Date</label>
          <input
            id="report-start"
            type="date"
            value={draft.startDate}
            max={draft.endDate || undefined}
            onChange={(e) => setDraft({ ...draft, startDate: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="report-end">Delivery End Date</label>
          <input
            id="report-end"
            type="date"
            value={draft.endDate}
            min={draft.startDate || undefined}
            onChange={(e) => setDraft({ ...draft, endDate: e.target.value })}
          />
        </div>
        <div className="field report-vendor">
          <label htmlFor="report-vendor">Search by Vendor Name</label>
          <input
            id="report-vendor"
            type="search"
            value={draft.company}
            maxLength={200}
            onChange={(e) => setDraft({ ...draft, company: e.target.value })}
          />
        </div>
        <div className="report-actions">
          <Button type="submit">Submit</Button>
          <Button variant="secondary" onClick={onClear}>
            Clear
          </Button>
        </div>
        {hint ? (
          <p id={hintId} className="field-error report-hint" role="alert">
            {hint}
          </p>
        ) : null}
      </form>

      <div className="report-export">
        <Button
          variant="secondary"
          busy={exporting}
          onClick={() => void onExport()}
          aria-describedby={exportError ? exportErrorId : undefined}
        >
          {reportMessages.exportCsv}
        </Button>
        {exportError ? (
          <p id={exportErrorId} className="field-error" role="alert">
            {exportError}
          </p>
        ) : null}
      </div>

      <div className="report-table-wrap" aria-busy={fetching}>
        {fetching ? (
          <p className="report-status" role="status">
            {reportMessages.fetching}
          </p>
        ) : null}
        <table className="report-table">
          <caption className="visually-hidden">Spend by order, page {applied.page}</caption>
          <thead>
            <tr>
              <th scope="col">Delivery Date</th>
              <th scope="col">Vendor</th>
              <th scope="col">
                PO Number <span className="report-ref-cc">/ Cost Centre</span>
              </th>
              <th scope="col" className="num">
                Total Spend
              </th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && !(fetching && !query.data) ? (
              <tr>
                <td colSpan={5} className="report-empty">
                  {fetching ? '' : reportMessages.noResults}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id}>
                  {/* the server's text, in the order's zone with the rules its date filter uses: the
                      browser's own time zone data may be older (issue 17 part 5, decision 025) */}
                  <td data-label="Delivery Date" className="report-when">
                    {row.displayDeliveryDateTime}
                  </td>
                  <td data-label="Vendor">{row.chefName}</td>
                  {/* the buyer's references (issue 17 part 3): the PO number, the cost centre under it in
                      grey as in the header; a row without either has none in a phone's card */}
                  <td data-label="PO / Cost Centre" className="report-ref">
                    {row.poNumber || row.costCentre ? (
                      <span className="report-ref-lines">
                        {row.poNumber ? (
                          <span>
                            <span className="visually-hidden">PO number </span>
                            {row.poNumber}
                          </span>
                        ) : null}
                        {row.costCentre ? (
                          <span className="report-ref-cc">
                            <span className="visually-hidden">Cost centre </span>
                            {row.costCentre}
                          </span>
                        ) : null}
                      </span>
                    ) : null}
                  </td>
                  <td data-label="Total Spend" className="num">
                    {formatCents(row.totalPrice)}
                  </td>
                  <td data-label="Actions" className="report-actions-cell">
                    <div className="report-row-actions">
                      {row.presetSlug ? (
                        <a href={orderHref(row.presetSlug, row.id)} target="_blank" rel="noopener noreferrer">
                          View Details<span className="visually-hidden"> of order {row.id} (opens in a new tab)</span>
                        </a>
                      ) : null}
                      {row.invoiceAvailable ? (
                        <button
                          type="button"
                          className="link-button"
                          disabled={downloading === row.id}
                          onClick={() => void onDownload(row.id)}
                        >
                          Download PDF<span className="visually-hidden"> of order {row.id}</span>
                        </button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))
            )}
          </tbody>
          {rows.length > 0 ? (
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  {reportMessages.finalTotal}
                </th>
                <td data-label={reportMessages.finalTotal} className="num">
                  {formatCents(pageTotal)}
                </td>
                <td aria-hidden="true" />
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>

      <nav className="report-pager" aria-label="Report pages">
        <Button
          variant="secondary"
          disabled={applied.page <= 1 || fetching}
          onClick={() => setApplied({ ...applied, page: applied.page - 1 })}
        >
          Previous
        </Button>
        <span aria-live="polite">
          Page {applied.page} of {totalPages}
        </span>
        <Button
          variant="secondary"
          disabled={applied.page >= totalPages || fetching}
          onClick={() => setApplied({ ...applied, page: applied.page + 1 })}
        >
          Next
        </Button>
      </nav>
    </section>
  );
}
