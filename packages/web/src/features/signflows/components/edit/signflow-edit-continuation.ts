import { useState } from 'react';

/**
 * Navigation state the editor sets when its first save gives a new draft its own address:
 * the screen carries on as it is rather than starting again.
 */
export const continueEditingState = { continueEditing: true } as const;

function isContinuation(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'continueEditing' in state;
}

/** A key for the editor that changes with the flow shown, but not when the editor moved itself. */
export function useEditorKey(address: string, locationState: unknown): string {
  const [key, setKey] = useState(address);
  const [lastAddress, setLastAddress] = useState(address);
  if (address !== lastAddress) {
    setLastAddress(address);
    if (!isContinuation(locationState)) setKey(address);
  }
  return key;
}
