import { reportsClient, type ReportCsvQuery } from '@caterway/contracts/client';
import { reportMessages, reportQuery, type ReportFilters } from '@caterway/domain';
import { connect } from '../../../api/clients';
import { isApiError } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

// Export CSV (issue 17 part 3; docs/decisions/035): GET api/v2/user/user_catering_orders.csv with
// the filters the table shows (empty values omitted, no page: the file holds every order).

const reports = connect(reportsClient);

const pad = (n: number) => String(n).padStart(2, '0');
/** caterway-spend-{yyyy-MM-dd}.csv, the server's name for the file, on this device's date. */
export const spendCsvFileName = (today: Date) =>
  `caterway-spend-${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}.csv`;

export interface ExportDeps {
  csv: (query: ReportCsvQuery) => Promise<Blob>;
  save: (blob: Blob, filename: string) => void;
  now: () => Date;
}
export const browserExport: ExportDeps = {
  csv: (query) => reports.csv(query),
  save: saveFile,
  now: () => new Date(),
};

/**
 * Downloads the report of `filters` as CSV. Answers null when the file was handed to the browser,
 * else the message to show: the server's (too many orders, a filter refused) or a generic one.
 */
export async function exportSpendCsv(filters: ReportFilters, deps: ExportDeps = browserExport): Promise<string | null> {
  const q = reportQuery({ ...filters, page: 1 });
  try {
    const file = await deps.csv({ start_date: q.startDate, end_date: q.endDate, company: q.company });
    deps.save(file, spendCsvFileName(deps.now()));
    return null;
  } catch (error) {
    return isApiError(error) && error.serverError ? error.serverError : reportMessages.exportFailed;
  }
}
