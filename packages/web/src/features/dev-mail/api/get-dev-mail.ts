import { DevMailMessage, signingPaths } from '@esign/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requestJson } from '../../../lib/http.ts';

/** The dev mailbox, newest first; 'Not Found' outside the demo profile. */
export function getDevMail(): Promise<DevMailMessage[]> {
  return requestJson(signingPaths.devMail, z.array(DevMailMessage), { notFoundAsNotFound: true });
}

export const devMailQueryOptions = () =>
  queryOptions({
    queryKey: ['dev', 'mail'],
    queryFn: getDevMail,
    // A demo user waits here for a code or link that a background job is about to send.
    refetchInterval: 5000,
  });

export function useDevMail() {
  return useQuery(devMailQueryOptions());
}
