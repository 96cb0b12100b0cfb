import type { ReportQuery } from '@esign/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportsKey } from '../api/get-report.ts';
import { ReportRangeForm } from '../components/report-range-form.tsx';
import { ReportSection } from '../components/report-section.tsx';
import { defaultReportRange } from '../utils/report-data.ts';

/** Signing and authentication events per month for a chosen range (administrators). */
export function ReportsRoute() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [initial] = useState(() => defaultReportRange(new Date()));
  const [query, setQuery] = useState<ReportQuery | null>(null);

  const handleCreate = (next: ReportQuery) => {
    // Creating the same report again counts again: events keep coming.
    if (query?.start === next.start && query.end === next.end) {
      void queryClient.invalidateQueries({ queryKey: reportsKey });
    } else {
      setQuery(next);
    }
  };

  return (
    <>
      <h1>{t('reports.title')}</h1>
      <p>{t('reports.intro')}</p>
      <ReportRangeForm initial={initial} onSubmit={handleCreate} />
      {query === null ? (
        <p>{t('reports.notCreated')}</p>
      ) : (
        <>
          <ReportSection kind="signings" query={query} />
          <ReportSection kind="authentications" query={query} />
        </>
      )}
    </>
  );
}
