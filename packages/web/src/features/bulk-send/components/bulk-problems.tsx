import type { BulkProblem } from '@esign/contract';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { bulkMessageKey } from '../utils/bulk-messages.ts';

interface BulkProblemsProps {
  problems: BulkProblem[];
  labelledBy: string;
}

/** The file's problems by row and column, each in the user's language. */
export function BulkProblems({ problems, labelledBy }: BulkProblemsProps) {
  const { t, i18n } = useTranslation();
  const exists = (key: string) => i18n.exists(key);
  return (
    <div className="table-responsive" role="region" tabIndex={0} aria-labelledby={labelledBy}>
      <Table size="sm" bordered className="bulk-problems" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">{t('bulk.problems.row')}</th>
            <th scope="col">{t('bulk.problems.column')}</th>
            <th scope="col">{t('bulk.problems.problem')}</th>
          </tr>
        </thead>
        <tbody>
          {problems.map((problem, index) => (
            <tr key={index} data-testid="bulk-problem" data-key={problem.Key}>
              <td>{problem.Row === 0 ? t('bulk.problems.wholeFile') : problem.Row}</td>
              <td>{problem.Column ?? '—'}</td>
              <td>
                {t(bulkMessageKey(problem.Key, exists, 'validation.invalidValue'), {
                  ...problem.Params,
                })}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
