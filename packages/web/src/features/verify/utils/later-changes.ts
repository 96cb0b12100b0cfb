import type { LaterChange } from '@esign/contract';

/** What was added after a signature, counted: what signed documents allow, and the rest. */
export interface LaterChangesSummary {
  signatures: number;
  documentTimestamps: number;
  validationData: boolean;
  embeddedFile: boolean;
  /** Each change signatures do not allow, in the verifier's technical words. */
  other: string[];
}

export function summariseLaterChanges(changes: readonly LaterChange[]): LaterChangesSummary {
  const count = (kind: LaterChange['Kind']) =>
    changes.filter((change) => change.Kind === kind).length;
  return {
    signatures: count('Signature'),
    documentTimestamps: count('DocumentTimestamp'),
    validationData: count('ValidationData') > 0,
    embeddedFile: count('EmbeddedFile') > 0,
    other: changes.flatMap((change) =>
      change.Kind === 'Other' ? [change.Detail ?? String(change.Kind)] : [],
    ),
  };
}
