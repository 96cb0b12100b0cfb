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
 * and the editor's lists at once, as soon as its code is there, instead of each only after the
 * screen and then the field that shows it have rendered (on a first load the page has already
 * started these calls: their answers are waiting).
 *
 * On the page's first load nothing shows until the screen's code is there anyway, so the
 * loader also waits for the flow and the small lists the form's first view needs (or their
 * failure, which the screen shows): the form then appears whole, in one render, instead of a
 * "Loading…" line followed by a form built while the user may already be reading. The users
 * for the signer picker are only asked for (a large organisation's list may take longer; the
 * picker fills in when it comes). Moving to the screen from another one waits for nothing:
 * the screen shows its loading line at once rather than leaving the last page frozen.
 */
export function signFlowEditLoader(
  queryClient: QueryClient,
  started: Promise<void>,
  firstScreen: boolean,
) {
  return async ({ params }: LoaderFunctionArgs): Promise<null> => {
    await started;
    if (!queryClient.getQueryData(sessionQueryOptions().queryKey)) return null;
    const id = params.id;
    void queryClient.prefetchQuery(usersQueryOptions());
    const loads = [
      id !== undefined && id !== unsavedDraft
        ? queryClient.prefetchQuery(signFlowQueryOptions(id))
        : undefined,
      queryClient.prefetchQuery(allowedSignatureLevelsQueryOptions()),
      queryClient.prefetchQuery(allowedAttachmentContentTypesQueryOptions()),
      queryClient.prefetchQuery({ ...userGroupsQueryOptions(), staleTime: 60_000 }),
    ];
    // prefetchQuery never throws: a failed load is kept in the query for the screen to show.
    if (firstScreen) await Promise.all(loads);
    return null;
  };
}
