export type MarkState = 'good' | 'bad' | 'unsure';

const marks: Record<MarkState, { symbol: string; className: string }> = {
  good: { symbol: '✓', className: 'text-success' },
  bad: { symbol: '✗', className: 'text-danger' },
  unsure: { symbol: '!', className: 'text-warning-emphasis' },
};

/** A coloured mark before a line; decoration only, the line says the same in words. */
export function StatusMark({ state }: { state: MarkState }) {
  const { symbol, className } = marks[state];
  return (
    <span className={`verify-mark ${className}`} aria-hidden="true">
      {symbol}
    </span>
  );
}
