import { bufferSource, verifyPdf } from '@esign/pades';
import { describe, expect, it } from 'vitest';
import { malformedCorpus } from '../../pades/test/support/malformed-corpus.ts';
import { TestClient } from './support/client.ts';
import { draftBody, identifyWithCode, mailsTo, signingTokenIn } from './support/signing.ts';
import { useTestApp } from './support/test-app.ts';
import { trustAnchorsOf } from './support/trust.ts';

const flows = '/api/esign/SignFlows';
const invalidFileFormat = 'validation.invalidFileFormat';

describe('malformed PDFs uploaded as the file to sign', () => {
  const context = useTestApp('sqlite', { JOB_WORKER: 'false' });
  const db = () => context.database.handle.db;
  const runJobs = () => context.app.jobWorker.runDue();

  let drafts = 0;
  /** A new draft with a signer of its own, ready for a file. */
  async function newDraft(owner: TestClient) {
    drafts += 1;
    const signer = `signer.${drafts}@example.com`;
    const saved = await owner.post(
      flows,
      draftBody({ signers: [{ Name: 'Anna', Email: signer }] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    return { flow: `${flows}/${saved.json<{ Guid: string }>().Guid}`, signer };
  }

  /** Sends the draft, the signer signs with an e-mail code; answers the flow as it then is. */
  async function signAndFinish(owner: TestClient, flow: string, signer: string) {
    const sent = await owner.post(`${flow}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    await runJobs();
    const invitation = (await mailsTo(db(), signer)).find((mail) =>
      /\/sign\//.test(mail.text_body),
    );
    const token = signingTokenIn(invitation?.text_body ?? '');
    const browser = await identifyWithCode(context.app, db(), runJobs, token, signer);
    const signed = await browser.post(`/api/sign/${token}/sign`, { HaveRead: true });
    expect(signed.statusCode, signed.body).toBe(200);
    await runJobs();
    return (await owner.get(flow)).json<{ Status: string; SignedFile: { Guid: string } | null }>();
  }

  it('answers each one 400 invalid file format, or takes it through send, sign and completion to a finished flow', async () => {
    const owner = new TestClient(context.app);
    await owner.login('user@example.com', 'user-demo');
    const anchors = await trustAnchorsOf(context);
    const unexpected: string[] = [];
    const outcomes = { refused: 0, finished: 0 };
    let draft = await newDraft(owner);
    for (const file of malformedCorpus()) {
      // Refusals share a draft (a refused upload keeps nothing); an accepted file is sent from it.
      const upload = await owner.upload(`${draft.flow}/signfile`, 'sopimus.pdf', file.bytes);
      if (upload.statusCode === 400) {
        const { issues } = upload.json<{ issues?: unknown }>();
        if (JSON.stringify(issues) !== JSON.stringify([{ path: 'file', key: invalidFileFormat }]))
          unexpected.push(`${file.name}: 400 ${upload.body}`);
        outcomes.refused += 1;
        continue;
      }
      if (upload.statusCode !== 200) {
        unexpected.push(`${file.name}: ${upload.statusCode} ${upload.body}`);
        continue;
      }
      const { flow, signer } = draft;
      draft = await newDraft(owner);
      const finished = await signAndFinish(owner, flow, signer);
      const download = await owner.get(`${flow}/signedfile/${finished.SignedFile?.Guid ?? ''}`);
      const reports = await verifyPdf(bufferSource(download.rawPayload), { trustAnchors: anchors });
      // The last two are the signer's signature and the document time stamp.
      const ours = reports.slice(-2).map((report) => report.valid);
      if (finished.Status !== 'Finished' || ours.join() !== 'true,true')
        unexpected.push(`${file.name}: ${finished.Status}, signatures ${ours.join()}`);
      else outcomes.finished += 1;
    }
    expect(unexpected).toEqual([]);
    expect(outcomes.refused + outcomes.finished).toBeGreaterThanOrEqual(500);
    expect(outcomes.finished).toBeGreaterThan(50);
  }, 600_000);
});
