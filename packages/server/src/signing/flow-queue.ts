/*
 * Signatures on one flow are made one after another: each adds an incremental update to the
 * same working document, so two made at once cannot both be kept. Within a node they wait
 * in a queue per flow; across nodes the one recorded first wins and the other is made again
 * on the newer document (signWithSigner), so every signer who signs at the same moment as
 * others is signed, never turned away.
 */
const tails = new Map<string, Promise<unknown>>();

/** Runs work after the work queued before it for the same flow has ended, however it ended. */
export function inFlowQueue<T>(flowId: string, work: () => Promise<T>): Promise<T> {
  const before = tails.get(flowId) ?? Promise.resolve();
  const run = before.then(work, work);
  const tail = run.catch(() => undefined);
  tails.set(flowId, tail);
  void tail.then(() => {
    if (tails.get(flowId) === tail) tails.delete(flowId);
  });
  return run;
}
