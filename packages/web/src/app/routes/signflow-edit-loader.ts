import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { userGroupsQueryOptions } from '../../features/groups/api/list-user-groups.ts';
import { usersQueryOptions } from '../../features/groups/api/list-users.ts';
import {
  allowedAttachmentContentTypesQueryOptions,
  allowedSignatureLevelsQueryOptions,
} from '../../features/signflows/api/get-allowed-lists.ts';
import { signFlowQueryOptions } from '../../features/signflows/api/get-signflow.ts';
import { sessionQueryOptions } from '../../lib/session.ts';

/** The id of a draft not saved yet (/esign/edit/new): there is nothing to read. */
const unsavedDraft = 'new';

/**
 * Once start-up knows the session, the edit screen (and the copy of a flow) asks for the flow
 * and the editor's lists at once, while its code loads, instead of each only after the screen
 * and then the field that shows it have rendered.
 */
export function signFlowEditLoader(queryClient: QueryClient, started: Promise<void>) {
  return async ({ params }: LoaderFunctionArgs): Promise<null> => {
    await started;
    if (!queryClient.getQueryData(sessionQueryOptions().queryKey)) return null;
    const id = params.id;
    if (id !== undefined && id !== unsavedDraft)
      void queryClient.prefetchQuery(signFlowQueryOptions(id));
    void queryClient.prefetchQuery(allowedSignatureLevelsQueryOptions());
    void queryClient.prefetchQuery(allowedAttachmentContentTypesQueryOptions());
    void queryClient.prefetchQuery(usersQueryOptions());
    void queryClient.prefetchQuery({ ...userGroupsQueryOptions(), staleTime: 60_000 });
    return null;
  };
}
