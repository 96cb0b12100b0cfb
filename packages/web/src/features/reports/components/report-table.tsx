import type { ReportRow } from '@esign/contract';
import { Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useOperationLabel } from '../hooks/use-operation-label.ts';
import { formatCount, formatMonth } from '../utils/labels.ts';

interface ReportTableProps {
  rows: readonly ReportRow[];
  caption: string;
}

/** The report's rows: month, operation (translated) and count; the chart's accessible source. */
export function ReportTable({ rows, caption }: ReportTableProps) {
  const { t, i18n } = useTranslation();
  const labelOf = useOperationLabel();
  return (
    <Table striped size="sm" className="w-auto">
      <caption className="caption-top">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('reports.month')}</th>
          <th scope="col">{t('reports.operation')}</th>
          <th scope="col" className="text-end">
            {t('reports.count')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.Month}|${row.Operation}`}>
            <td>
              <time dateTime={row.Month}>{formatMonth(row.Month, i18n.language, 'long')}</time>
            </td>
            <td>{labelOf(row.Operation)}</td>
            <td className="text-end">{formatCount(row.Count, i18n.language)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
