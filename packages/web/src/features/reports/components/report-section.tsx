import type { ReportKind, ReportQuery } from '@esign/contract';
import { useId } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useReport } from '../api/get-report.ts';
import { useOperationLabel } from '../hooks/use-operation-label.ts';
import { downloadCsv, toCsv } from '../utils/csv.ts';
import { toChartData, toCsvRows } from '../utils/report-data.ts';
import { ReportChart } from './report-chart.tsx';
import { ReportTable } from './report-table.tsx';

const fileStems: Record<ReportKind, string> = {
  signings: 'signing-events',
  authentications: 'authentication-events',
};

/** One report for the chosen range: its chart, its table and a CSV export of the table. */
export function ReportSection({ kind, query }: { kind: ReportKind; query: ReportQuery }) {
  const { t } = useTranslation();
  const report = useReport(kind, query);
  const labelOf = useOperationLabel();
  const headingId = useId();
  const title = t(kind === 'signings' ? 'reports.signingEvents' : 'reports.authenticationEvents');
  const rows = report.data;

  const handleExport = () => {
    if (rows === undefined) return;
    const header: [string, string, string] = [
      t('reports.month'),
      t('reports.operation'),
      t('reports.count'),
    ];
    const fileName = `${fileStems[kind]}_${query.start}_${query.end}.csv`;
    downloadCsv(fileName, toCsv(toCsvRows(rows, header, labelOf)));
  };

  return (
    <section aria-labelledby={headingId} className="mb-5">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 id={headingId} className="h4 mb-0 me-auto">
          {title}
        </h2>
        {rows !== undefined && rows.length > 0 && (
          <Button variant="outline-primary" onClick={handleExport}>
            {t('reports.exportCsv')}
          </Button>
        )}
      </div>
      {report.isPending && <p role="status">{t('common.loading')}</p>}
      {report.isError && (
        <div role="alert" className="alert alert-danger">
          {t('dialogs.loadingFailed')}
        </div>
      )}
      {rows?.length === 0 && <p>{t('reports.noEvents')}</p>}
      {rows !== undefined && rows.length > 0 && (
        <>
          <ReportChart kind={kind} data={toChartData(kind, rows, query)} title={title} />
          <ReportTable rows={rows} caption={t('reports.tableCaption', { title })} />
        </>
      )}
    </section>
  );
}
