import { apiPaths } from '@esign/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requestJson } from '../../../lib/http.ts';

const StringList = z.array(z.string());

/** The attachment content types the server accepts (it checks them by content). */
export function getAllowedAttachmentContentTypes(): Promise<string[]> {
  return requestJson(apiPaths.allowedAttachmentContentTypes, StringList);
}

/** The signature levels senders may choose, in the server's order. */
export function getAllowedSignatureLevels(): Promise<string[]> {
  return requestJson(apiPaths.allowedSignatureLevels, StringList);
}

export const allowedAttachmentContentTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['signflowOptions', 'attachmentContentTypes'],
    queryFn: getAllowedAttachmentContentTypes,
    staleTime: Infinity,
  });

export const allowedSignatureLevelsQueryOptions = () =>
  queryOptions({
    queryKey: ['signflowOptions', 'signatureLevels'],
    queryFn: getAllowedSignatureLevels,
    staleTime: Infinity,
  });

export function useAllowedAttachmentContentTypes() {
  return useQuery(allowedAttachmentContentTypesQueryOptions());
}

export function useAllowedSignatureLevels() {
  return useQuery(allowedSignatureLevelsQueryOptions());
}
