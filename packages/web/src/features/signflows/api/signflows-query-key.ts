/**
 * The start of every sign-flow query's key: the list's pages, a flow, its events. A change to a
 * flow (saving, sending, cancelling, deleting, a check, a reminder, an unlock, or a removed group
 * in the groups feature) invalidates it, so that every screen showing a flow refreshes.
 */
export const signFlowsQueryKey = ['signflows'] as const;
