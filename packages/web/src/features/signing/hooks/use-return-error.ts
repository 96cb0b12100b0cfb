import type { SigningErrorKey } from '@esign/contract';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { readReturnError, returnErrorParam, withoutReturnError } from '../utils/return-error.ts';

/**
 * The error a return from identification or the trust service reports in `?error=`, kept for
 * this visit while the parameter is taken off the address (a reload does not show it again).
 */
export function useReturnError(): [SigningErrorKey | null, () => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const [error, setError] = useState(() => readReturnError(searchParams));

  useEffect(() => {
    if (searchParams.has(returnErrorParam))
      setSearchParams(withoutReturnError(searchParams), { replace: true });
  }, [searchParams, setSearchParams]);

  return [error, () => setError(null)];
}
