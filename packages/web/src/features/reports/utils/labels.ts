type OperationKey =
  | 'reports.operations.sign'
  | 'reports.operations.rejectSignature'
  | 'reports.operations.userLoginSuccess'
  | 'reports.operations.userLogoutSuccess';

const operationKeys = new Map<string, OperationKey>([
  ['Sign', 'reports.operations.sign'],
  ['RejectSignature', 'reports.operations.rejectSignature'],
  ['User Login Success', 'reports.operations.userLoginSuccess'],
  ['User Logout Success', 'reports.operations.userLogoutSuccess'],
]);

/** The catalogue key of an operation's label (SPEC §3), or undefined for one we do not know. */
export function operationLabelKey(operation: string): OperationKey | undefined {
  return operationKeys.get(operation);
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();

function monthFormat(language: string, style: 'long' | 'short'): Intl.DateTimeFormat | undefined {
  const cacheKey = `${language}|${style}`;
  let format = monthFormats.get(cacheKey);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat(language, {
        year: 'numeric',
        month: style,
        timeZone: 'UTC',
      });
    } catch {
      // A tag Intl cannot read gets the bare label.
      return undefined;
    }
    monthFormats.set(cacheKey, format);
  }
  return format;
}

/** A YYYY-MM month in the user's language ("tammikuu 2026", "Jan 2026"). */
export function formatMonth(month: string, language: string, style: 'long' | 'short'): string {
  const [year, monthNumber] = month.split('-').map(Number);
  const format = monthFormat(language, style);
  if (year === undefined || monthNumber === undefined || format === undefined) return month;
  return format.format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

/** A count with the language's digit grouping ("12 741"); plain digits if Intl cannot. */
export function formatCount(count: number, language: string): string {
  try {
    return new Intl.NumberFormat(language).format(count);
  } catch {
    return String(count);
  }
}
