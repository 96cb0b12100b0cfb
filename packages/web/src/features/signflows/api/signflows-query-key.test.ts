import { defaultSignFlowListQuery, SignFlowSaveRequest, type SignFlowPage } from '@esign/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isInvalidated, runMutation, serverAnswers } from '../../../lib/query-test-support.ts';
import { flowFixture } from '../utils/detail-fixtures.ts';
import { cancelSignFlowMutationOptions } from './cancel-signflow.ts';
import { checkSignFlowMutationOptions } from './check-signflow.ts';
import { deleteSignFlowMutationOptions } from './delete-signflow.ts';
import { flowEventsQueryOptions } from './get-flow-events.ts';
import { signFlowListQueryOptions } from './get-signflow-list.ts';
import { signFlowQueryOptions } from './get-signflow.ts';
import { remindSignerMutationOptions } from './remind-signer.ts';
import { saveSignFlowMutationOptions } from './save-signflow.ts';
import { sendSignFlowMutationOptions } from './send-signflow.ts';
import { signFlowsQueryKey } from './signflows-query-key.ts';
import { unlockSignerMutationOptions } from './unlock-signer.ts';

const flow = flowFixture({ Guid: 'flow-1' });
const page: SignFlowPage = { Items: [], Total: 0, Page: 1, PageSize: 20 };
const listOptions = signFlowListQueryOptions(defaultSignFlowListQuery);

/** A client holding a page of the list, the open flow, its events and another flow's events. */
function clientWithFlowShown() {
  const client = new QueryClient();
  client.setQueryData(listOptions.queryKey, page);
  client.setQueryData(signFlowQueryOptions(flow.Guid).queryKey, flow);
  client.setQueryData(flowEventsQueryOptions(flow.Guid).queryKey, {
    Events: [],
    ChainIntact: true,
  });
  return client;
}

afterEach(() => vi.unstubAllGlobals());

describe('the keys of the sign-flow queries', () => {
  it('all start with the one key a change to a flow invalidates', () => {
    const client = clientWithFlowShown();
    void client.invalidateQueries({ queryKey: signFlowsQueryKey });
    expect(isInvalidated(client, listOptions.queryKey)).toBe(true);
    expect(isInvalidated(client, signFlowQueryOptions(flow.Guid).queryKey)).toBe(true);
    expect(isInvalidated(client, flowEventsQueryOptions(flow.Guid).queryKey)).toBe(true);
  });

  it('tell the list, a flow and its events apart', () => {
    const keys = [
      listOptions.queryKey,
      signFlowQueryOptions(flow.Guid).queryKey,
      flowEventsQueryOptions(flow.Guid).queryKey,
    ].map((key) => JSON.stringify(key));
    expect(new Set(keys).size).toBe(3);
  });
});

describe('a change to a flow', () => {
  const signer = { signFlowId: flow.Guid, signerId: 'signer-1' };
  // Each call with its own mutation options, as its hook passes them to useMutation.
  const changes: [string, number, unknown, (client: QueryClient) => Promise<unknown>][] = [
    [
      'saving a draft',
      200,
      flow,
      (client) =>
        runMutation(
          client,
          saveSignFlowMutationOptions(),
          SignFlowSaveRequest.parse({ Name: 'Lease' }),
        ),
    ],
    [
      'sending it',
      200,
      flow,
      (client) => runMutation(client, sendSignFlowMutationOptions(), flow.Guid),
    ],
    [
      'cancelling it',
      200,
      flow,
      (client) =>
        runMutation(client, cancelSignFlowMutationOptions(), {
          signFlowId: flow.Guid,
          comment: '',
        }),
    ],
    [
      'deleting it',
      204,
      undefined,
      (client) => runMutation(client, deleteSignFlowMutationOptions(), flow.Guid),
    ],
    [
      'reminding a signer',
      204,
      undefined,
      (client) => runMutation(client, remindSignerMutationOptions(), signer),
    ],
    [
      'unlocking a signer',
      204,
      undefined,
      (client) => runMutation(client, unlockSignerMutationOptions(), signer),
    ],
    [
      'checking its status',
      200,
      flow,
      (client) => runMutation(client, checkSignFlowMutationOptions(), flow.Guid),
    ],
  ];

  it.each(changes)(
    'refreshes the list, the open flow and its timeline after %s',
    async (_name, status, body, change) => {
      serverAnswers(status, body);
      const client = clientWithFlowShown();
      await change(client);
      expect(isInvalidated(client, listOptions.queryKey)).toBe(true);
      expect(isInvalidated(client, signFlowQueryOptions(flow.Guid).queryKey)).toBe(true);
      expect(isInvalidated(client, flowEventsQueryOptions(flow.Guid).queryKey)).toBe(true);
    },
  );

  it('leaves the list as it was when the server refuses it', async () => {
    serverAnswers(409, { status: 409, key: 'errors.conflict', message: 'Conflict' });
    const client = clientWithFlowShown();
    await runMutation(client, sendSignFlowMutationOptions(), flow.Guid).catch(() => undefined);
    expect(isInvalidated(client, listOptions.queryKey)).toBe(false);
  });

  it('shows what a status check found at once, before the refetch', async () => {
    const checked = { ...flow, Status: 'Error' as const, FailureReason: 'TSA down' };
    serverAnswers(200, checked);
    const client = clientWithFlowShown();
    await runMutation(client, checkSignFlowMutationOptions(), flow.Guid);
    expect(client.getQueryData(signFlowQueryOptions(flow.Guid).queryKey)).toEqual(checked);
  });
});
