import { apiPaths, type PersonalDataQuery, type PersonalDataTarget } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestFile } from '../../../lib/http.ts';

const urls: Record<PersonalDataTarget, string> = {
  service: apiPaths.reportPersonalService,
  portal: apiPaths.reportPersonalPortal,
};

export interface PersonalDataRequest {
  target: PersonalDataTarget;
  query: PersonalDataQuery;
}

/** Runs a personal-data query; answers the CSV and the name the server gave it. */
export async function queryPersonalData({ target, query }: PersonalDataRequest) {
  const { blob, fileName } = await requestFile(urls[target], { method: 'POST', body: query });
  return { blob, fileName: fileName ?? `personal-data-${target}.csv` };
}

export function usePersonalDataQuery() {
  return useMutation({ mutationFn: queryPersonalData });
}
