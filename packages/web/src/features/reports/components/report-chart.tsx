import { reportOperations, type ReportKind } from '@esign/contract';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartMonth } from '../utils/report-data.ts';
import { useOperationLabel } from '../hooks/use-operation-label.ts';
import { formatMonth } from '../utils/labels.ts';
import './report-chart.css';

/** Okabe–Ito blue and vermilion: told apart with colour blindness, 3:1 or more on white. */
const barColours = ['#0072B2', '#D55E00'];

interface ReportChartProps {
  kind: ReportKind;
  data: ChartMonth[];
  title: string;
}

/**
 * Bars per month, one per operation. The table beside it holds the same figures and is the
 * accessible source; the chart carries a name and a description, and arrow keys move its
 * tooltip from month to month once it has focus.
 */
export function ReportChart({ kind, data, title }: ReportChartProps) {
  const { t, i18n } = useTranslation();
  const month = (value: unknown) => formatMonth(String(value), i18n.language, 'short');
  const labelOf = useOperationLabel();
  const labels = reportOperations[kind].map((operation) => labelOf(operation));
  // Legend and tooltip list the operations in SPEC §3's order, as the bars stand.
  const inBarOrder = (item: { name?: unknown }) => labels.indexOf(String(item.name));
  return (
    <figure className="report-chart">
      <BarChart
        className="report-chart__canvas"
        responsive
        data={data}
        role="img"
        title={t('reports.chartTitle', { title })}
        desc={t('reports.chartDescription')}
        margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        {/* Month names keep a clear gap between them on a phone (tammi 2026 touko 2026). */}
        <XAxis dataKey="month" tickFormatter={month} minTickGap={16} />
        <YAxis allowDecimals={false} />
        <Tooltip labelFormatter={month} itemSorter={inBarOrder} separator=": " />
        <Legend itemSorter={null} />
        {reportOperations[kind].map((operation, index) => (
          <Bar
            key={operation}
            dataKey={(entry: ChartMonth) => entry.counts[operation] ?? 0}
            name={labels[index]}
            fill={barColours[index % barColours.length]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
      <figcaption className="small text-body-secondary">
        {t('reports.chartTitle', { title })} — {t('reports.chartDescription')}
      </figcaption>
    </figure>
  );
}
