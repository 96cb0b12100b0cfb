import { describe, expect, it } from 'vitest';
import { defaultReportRange, monthsBetween, toChartData, toCsvRows } from './report-data.ts';

const rows = [
  { Operation: 'Sign', Count: 2, Month: '2025-12' },
  { Operation: 'RejectSignature', Count: 1, Month: '2026-02' },
  { Operation: 'Sign', Count: 5, Month: '2026-02' },
];

describe('the months of a range', () => {
  it('run from the start date’s month to the end date’s, across the year end', () => {
    expect(monthsBetween('2025-11-15', '2026-02-03')).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(monthsBetween('2026-05-31', '2026-05-31')).toEqual(['2026-05']);
  });
});

describe('the chart data', () => {
  it('has a group for every month of the range and a count (0 when none) for every operation', () => {
    expect(toChartData('signings', rows, { start: '2025-12-01', end: '2026-02-28' })).toEqual([
      { month: '2025-12', counts: { Sign: 2, RejectSignature: 0 } },
      { month: '2026-01', counts: { Sign: 0, RejectSignature: 0 } },
      { month: '2026-02', counts: { Sign: 5, RejectSignature: 1 } },
    ]);
  });

  it('counts only the operations of its own report', () => {
    const data = toChartData('authentications', rows, { start: '2026-02-01', end: '2026-02-28' });
    expect(data).toEqual([
      { month: '2026-02', counts: { 'User Login Success': 0, 'User Logout Success': 0 } },
    ]);
  });
});

describe('the CSV rows of a report', () => {
  it('start with the header and give each row its month, translated operation and count', () => {
    const labels: Record<string, string> = { Sign: 'Allekirjoitus', RejectSignature: 'Hylkäys' };
    expect(
      toCsvRows(rows, ['Kuukausi', 'Tapahtuma', 'Määrä'], (operation) => labels[operation] ?? ''),
    ).toEqual([
      ['Kuukausi', 'Tapahtuma', 'Määrä'],
      ['2025-12', 'Allekirjoitus', 2],
      ['2026-02', 'Hylkäys', 1],
      ['2026-02', 'Allekirjoitus', 5],
    ]);
  });
});

describe('the default range', () => {
  it('is the last twelve months: from the first day eleven months back to today', () => {
    expect(defaultReportRange(new Date(2026, 10, 22))).toEqual({
      start: '2025-12-01',
      end: '2026-11-22',
    });
    expect(defaultReportRange(new Date(2026, 0, 5))).toEqual({
      start: '2025-02-01',
      end: '2026-01-05',
    });
  });
});
