import { bufferSource, verifyPdf } from '@esign/pades';
import { describe, expect, it } from 'vitest';
import { malformedCorpus } from '../../pades/test/support/malformed-corpus.ts';
import { TestClient } from './support/client.ts';
import { draftBody, identifyWithCode, mailsTo, signingTokenIn } from './support/signing.ts';
import { MovableClock } from '../src/time/clock.ts';
import { sessionsOutlastMovedClock, useTestApp } from './support/test-app.ts';
import { trustAnchorsOf } from './support/trust.ts';

const flows = '/api/esign/SignFlows';
const invalidFileFormat = 'validation.invalidFileFormat';

describe('malformed PDFs uploaded as the file to sign', () => {
  // Every accepted file costs its signer a code request, past the per-address limit of a
  // minute (rateLimits.signerCode): the clock moves a minute on before each.
  const clock = new MovableClock();
  const context = useTestApp(
    'sqlite',
    { JOB_WORKER: 'false', ...sessionsOutlastMovedClock },
    { clock },
  );
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

  /**
   * Sends the draft, its signer signs with an e-mail code and completion runs; answers what
   * went wrong, or null when the flow finished with a signature and time stamp that verify.
   */
  async function problemFinishing(
    owner: TestClient,
    flow: string,
    signer: string,
    trustAnchors: Buffer[],
  ) {
    const sent = await owner.post(`${flow}/send`);
    if (sent.statusCode !== 200) return `send answered ${sent.statusCode} ${sent.body}`;
    await runJobs();
    const invitation = (await mailsTo(db(), signer)).find((mail) =>
      /\/sign\//.test(mail.text_body),
    );
    const token = signingTokenIn(invitation?.text_body ?? '');
    clock.advance(61_000);
    const browser = await identifyWithCode(context.app, db(), runJobs, token, signer);
    const signed = await browser.post(`/api/sign/${token}/sign`, { HaveRead: true });
    if (signed.statusCode !== 200) return `sign answered ${signed.statusCode} ${signed.body}`;
    await runJobs();
    const state = (await owner.get(flow)).json<{ Status: string; SignedFile: { Guid: string } }>();
    if (state.Status !== 'Finished') return `the flow is ${state.Status} after completion`;
    const download = await owner.get(`${flow}/signedfile/${state.SignedFile.Guid}`);
    const reports = await verifyPdf(bufferSource(download.rawPayload), { trustAnchors });
    // The last two are the signer's signature and the document time stamp.
    const ours = reports.slice(-2).map((report) => report.valid);
    return ours.join() === 'true,true' ? null : `signatures valid: ${ours.join()}`;
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
      const problem = await problemFinishing(owner, flow, signer, anchors);
      if (problem === null) outcomes.finished += 1;
      else unexpected.push(`${file.name}: ${problem}`);
    }
    expect(unexpected).toEqual([]);
    expect(outcomes.refused + outcomes.finished).toBeGreaterThanOrEqual(500);
    expect(outcomes.finished).toBeGreaterThan(50);
  }, 600_000);
});
