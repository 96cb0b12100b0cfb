import type { ApiTokenScope } from '@esign/contract';

/** A scope's name in the catalogues: i18next reads ':' as its namespace separator. */
export const scopeKeys = {
  'signflows:read': 'signflowsRead',
  'signflows:write': 'signflowsWrite',
  'reports:read': 'reportsRead',
} as const satisfies Record<ApiTokenScope, string>;
