import { apiDownload } from '../../../lib/api.ts';
import { saveBlob } from '../../../lib/download.ts';
import { type ReportParams, toReportQuery } from '../lib/query-url.ts';

/**
 * GET /reports/export/: the same report as CSV, saved under the server's file name (a name of ours
 * only if the server's cannot be read).
 */
export async function exportReport(params: ReportParams): Promise<string> {
  const { blob, fileName } = await apiDownload('/reports/export/', { query: { ...toReportQuery(params) } });
  const name = fileName ?? `relatorio-${params.from}-${params.to}-${params.groupBy}.csv`;
  saveBlob(blob, name);
  return name;
}
