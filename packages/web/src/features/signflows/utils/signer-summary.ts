import type { SignFlowListItem } from '@esign/contract';

/**
 * What the list says of a flow's signers: how many have signed (not for a draft, which has
 * not been sent), and whose names matter most: those still to sign while the flow is out, the
 * one who rejected a rejected flow, otherwise everyone.
 */
export interface SignerSummary {
  progress: { signed: number; total: number } | null;
  names: string[];
  /** What the names are: the signers still waited for, who rejected, or simply the signers. */
  namesAre: 'waiting' | 'rejectedBy' | 'signers';
}

export function summarizeSigners(
  flow: Pick<SignFlowListItem, 'Status' | 'Signers'>,
): SignerSummary {
  const { Signers: signers, Status: status } = flow;
  const everyone: SignerSummary = {
    progress: null,
    names: signers.map((signer) => signer.Name),
    namesAre: 'signers',
  };
  if (status === 'Draft' || signers.length === 0) return everyone;
  const progress = {
    signed: signers.filter((signer) => signer.Status === 'Signed').length,
    total: signers.length,
  };
  const namesOf = (wanted: 'Unsigned' | 'Rejected') =>
    signers.filter((signer) => signer.Status === wanted).map((signer) => signer.Name);
  if (status === 'Sent' && namesOf('Unsigned').length > 0)
    return { progress, names: namesOf('Unsigned'), namesAre: 'waiting' };
  if (status === 'Rejected' && namesOf('Rejected').length > 0)
    return { progress, names: namesOf('Rejected'), namesAre: 'rejectedBy' };
  return { ...everyone, progress };
}
