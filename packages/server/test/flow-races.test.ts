import { describe, expect, it, vi } from 'vitest';
import type * as Pades from '@esign/pades';
import type * as JobQueue from '../src/jobs/job-queue.ts';
import type * as WorkingDocument from '../src/files/working-document.ts';
import type * as SignerSession from '../src/signing/signer-session.ts';
import type * as FlowQueue from '../src/signing/flow-queue.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { makePdf } from './support/pdf.ts';
import { draftBody, identifyWithCode, mailsTo, signingTokenIn } from './support/signing.ts';
import { sleep } from './support/jobs.ts';
import { useTestApp } from './support/test-app.ts';

/*
 * Requests that race over one flow end in one consistent state, and the one that lost answers
 * 409 with the flow's state now. Each race is made to happen, not hoped for: the signing
 * engine's steps wait at a gate the test opens (prepareForSigning while a send makes the
 * signature page, signPdf while a signer signs, addDocumentTimestamp while completion makes
 * the signed file), and a send can be held inside its transaction.
 */

type Step = 'prepare' | 'sign' | 'stamp' | 'invite' | 'download' | 'identity' | 'queue';
const gates = vi.hoisted(() => {
  const open = new Map<string, { reached: () => void; release: Promise<void> }>();
  async function pass(step: string) {
    const gate = open.get(step);
    if (!gate) return;
    open.delete(step);
    gate.reached();
    await gate.release;
  }
  return {
    open,
    pass,
    /** `work` as it is, but first waiting at `step`'s gate when a test holds it. */
    gated<A extends unknown[], R>(step: string, work: (...args: A) => Promise<R>) {
      return async (...args: A): Promise<R> => {
        await pass(step);
        return work(...args);
      };
    },
  };
});

/** The next time `step` runs it waits; answers when it got there and how to let it go on. */
function holdAt(step: Step) {
  let reached: () => void = () => undefined;
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  gates.open.set(step, { reached, release: released });
  return { arrived, release };
}

vi.mock('@esign/pades', async (importOriginal) => {
  const pades = await importOriginal<typeof Pades>();
  return {
    ...pades,
    prepareForSigning: gates.gated('prepare', pades.prepareForSigning),
    signPdf: gates.gated('sign', pades.signPdf),
    addDocumentTimestamp: gates.gated('stamp', pades.addDocumentTimestamp),
  };
});

vi.mock('../src/jobs/job-queue.ts', async (importOriginal) => {
  const queue = await importOriginal<typeof JobQueue>();
  return {
    ...queue,
    enqueueJob: async (...args: Parameters<typeof queue.enqueueJob>) => {
      if (args[1].kind === 'signing.invite') await gates.pass('invite');
      return queue.enqueueJob(...args);
    },
  };
});

vi.mock('../src/files/working-document.ts', async (importOriginal) => {
  const original = await importOriginal<typeof WorkingDocument>();
  return { ...original, downloadToFile: gates.gated('download', original.downloadToFile) };
});

vi.mock('../src/signing/signer-session.ts', async (importOriginal) => {
  const original = await importOriginal<typeof SignerSession>();
  return {
    ...original,
    findSignerIdentity: gates.gated('identity', original.findSignerIdentity),
  };
});

vi.mock('../src/signing/flow-queue.ts', async (importOriginal) => {
  const original = await importOriginal<typeof FlowQueue>();
  return {
    ...original,
    inFlowQueue: <T>(flowId: string, work: () => Promise<T>) =>
      gates.gated('queue', original.inFlowQueue<T>)(flowId, work),
  };
});

const flows = '/api/esign/SignFlows';

interface FlowBody {
  Guid: string;
  Status: string;
  Signers: Array<{ Guid: string; Name: string; Email: string; Status: string }>;
}

describe.each(databaseKinds)('a flow raced by two requests on %s', (kind) => {
  const context = useTestApp(kind, { JOB_WORKER: 'false' });
  const db = () => context.database.handle.db;
  const runJobs = () => context.app.jobWorker.runDue();
  const sender = async () => {
    const browser = new TestClient(context.app);
    await browser.login('user@example.com', 'user-demo');
    return browser;
  };
  const draft = async (owner: TestClient, email: string) => {
    const body = draftBody({ signers: [{ Name: 'Alku Nimi', Email: email }] });
    const saved = await owner.post(flows, body);
    expect(saved.statusCode, saved.body).toBe(200);
    const flow = saved.json<FlowBody>();
    const uploaded = await owner.upload(`${flows}/${flow.Guid}/signfile`, 'sopimus.pdf', makePdf());
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    return { body, flow };
  };
  const countRows = async (table: 'sign_flow_files' | 'jobs', flowId: string) => {
    const rows =
      table === 'sign_flow_files'
        ? await db()
            .selectFrom('sign_flow_files')
            .select('id')
            .where('flow_id', '=', flowId)
            .where('kind', '!=', 'signfile')
            .execute()
        : await db()
            .selectFrom('jobs')
            .select('id')
            .where('payload', 'like', `%${flowId}%`)
            .execute();
    return rows.length;
  };

  it('a save that commits while the send makes the signature page wins; the send answers 409 and sends nothing', async () => {
    const owner = await sender();
    const { body, flow } = await draft(owner, `vanha.${kind}@example.com`);
    const held = holdAt('prepare');
    const sending = owner.post(`${flows}/${flow.Guid}/send`);
    await held.arrived;
    // The colleague's correction, with the same signer Guid as the web app sends.
    const corrected = {
      ...body,
      Guid: flow.Guid,
      Signers: [
        { Guid: flow.Signers[0]?.Guid, Name: 'Oikea Nimi', Email: `oikea.${kind}@example.com` },
      ],
    };
    const saved = await owner.post(flows, corrected);
    expect(saved.statusCode, saved.body).toBe(200);
    held.release();
    const sent = await sending;
    expect(sent.statusCode, sent.body).toBe(409);
    expect(sent.json()).toMatchObject({
      status: 409,
      issues: [{ path: 'Status', key: 'validation.changedMeanwhile' }],
      current: { Guid: flow.Guid, Status: 'Draft', SignFlowDetailsStatus: null },
    });
    // Nothing of the lost send is kept: still a draft, no document, no invitation.
    const now = (await owner.get(`${flows}/${flow.Guid}`)).json<FlowBody>();
    expect(now.Status).toBe('Draft');
    expect(now.Signers.map((signer) => [signer.Name, signer.Email])).toEqual([
      ['Oikea Nimi', `oikea.${kind}@example.com`],
    ]);
    expect(await countRows('sign_flow_files', flow.Guid)).toBe(0);
    expect(await countRows('jobs', flow.Guid)).toBe(0);

    // Sent again, it goes to the corrected signer only, whose name is on the signature page.
    const again = await owner.post(`${flows}/${flow.Guid}/send`);
    expect(again.statusCode, again.body).toBe(200);
    await runJobs();
    expect(await mailsTo(db(), `vanha.${kind}@example.com`)).toHaveLength(0);
    expect(await mailsTo(db(), `oikea.${kind}@example.com`)).toHaveLength(1);
  });

  it('a save that comes while the send commits loses with 409 and the flow as sent; its signers stay', async () => {
    const owner = await sender();
    const { body, flow } = await draft(owner, `ensin.${kind}@example.com`);
    const held = holdAt('invite');
    const sending = owner.post(`${flows}/${flow.Guid}/send`);
    await held.arrived;
    // The send holds its transaction; the save reads a draft (on PostgreSQL) and then waits.
    const saving = owner.post(flows, {
      ...body,
      Guid: flow.Guid,
      Signers: [{ Name: 'Myöhässä', Email: `myohassa.${kind}@example.com` }],
    });
    await sleep(300);
    held.release();
    const [sent, saved] = await Promise.all([sending, saving]);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(saved.statusCode, saved.body).toBe(409);
    expect(saved.json()).toMatchObject({
      issues: [{ path: 'Status', key: 'validation.notEditable' }],
      current: { Guid: flow.Guid, Status: 'Sent', SignFlowDetailsStatus: 'Started' },
    });
    const now = (await owner.get(`${flows}/${flow.Guid}`)).json<FlowBody>();
    expect(now.Signers.map((signer) => signer.Email)).toEqual([`ensin.${kind}@example.com`]);
    const signers = await db()
      .selectFrom('sign_flow_signers')
      .select(['email', 'token_hash'])
      .where('flow_id', '=', flow.Guid)
      .execute();
    expect(signers).toEqual([
      { email: `ensin.${kind}@example.com`, token_hash: expect.any(String) },
    ]);
  });

  it('an upload during the send loses with 409 and the sent flow keeps the one file it was sent with', async () => {
    const owner = await sender();
    const { flow } = await draft(owner, `tiedosto.${kind}@example.com`);
    const held = holdAt('invite');
    const sending = owner.post(`${flows}/${flow.Guid}/send`);
    await held.arrived;
    const uploading = owner.upload(
      `${flows}/${flow.Guid}/signfile`,
      'toinen.pdf',
      makePdf('Toinen'),
    );
    await sleep(300);
    held.release();
    const [sent, uploaded] = await Promise.all([sending, uploading]);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(uploaded.statusCode, uploaded.body).toBe(409);
    expect(uploaded.json()).toMatchObject({ current: { Status: 'Sent' } });
    const files = await db()
      .selectFrom('sign_flow_files')
      .select(['kind', 'file_name'])
      .where('flow_id', '=', flow.Guid)
      .orderBy('kind')
      .execute();
    expect(files).toEqual([
      { kind: 'signfile', file_name: 'sopimus.pdf' },
      { kind: 'working', file_name: 'sopimus.pdf' },
    ]);
  });

  it('an upload that replaces the file to sign while the send reads it makes the send answer 409, not 500', async () => {
    const owner = await sender();
    const { flow } = await draft(owner, `korvattu.${kind}@example.com`);
    const held = holdAt('download');
    const sending = owner.post(`${flows}/${flow.Guid}/send`);
    await held.arrived;
    // The new file is kept and the old one removed before the send reads it.
    const uploaded = await owner.upload(
      `${flows}/${flow.Guid}/signfile`,
      'korvaava.pdf',
      makePdf('Korvaava'),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    held.release();
    const sent = await sending;
    expect(sent.statusCode, sent.body).toBe(409);
    expect(sent.json()).toMatchObject({
      issues: [{ path: 'Status', key: 'validation.changedMeanwhile' }],
      current: { Guid: flow.Guid, Status: 'Draft' },
    });
    // Sent again, it goes out with the new file.
    const again = await owner.post(`${flows}/${flow.Guid}/send`);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('a second submit whose session the first one ended while it was read answers 409 alreadyDone, not 401', async () => {
    const owner = await sender();
    const email = `istunto.${kind}@example.com`;
    const { flow } = await draft(owner, email);
    expect((await owner.post(`${flows}/${flow.Guid}/send`)).statusCode).toBe(200);
    await runJobs();
    const token = signingTokenIn((await mailsTo(db(), email))[0]?.text_body ?? '');
    const signer = await identifyWithCode(context.app, db(), runJobs, token, email);
    // The first submit is signing; the second has read the signer (unsigned) and waits
    // before it reads the session, which the first one's signature ends.
    const signing = holdAt('sign');
    const first = signer.post(`/api/sign/${token}/sign`, { HaveRead: true });
    await signing.arrived;
    const reading = holdAt('identity');
    const second = signer.post(`/api/sign/${token}/sign`, { HaveRead: true });
    await reading.arrived;
    signing.release();
    expect((await first).statusCode).toBe(200);
    reading.release();
    const late = await second;
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({ key: 'signing.errors.alreadyDone' });
  });

  it('a second submit that reaches the signing after the first signed and the flow finished answers 409 alreadyDone, not flowEnded', async () => {
    const owner = await sender();
    const email = `valmis.kahdesti.${kind}@example.com`;
    const { flow } = await draft(owner, email);
    expect((await owner.post(`${flows}/${flow.Guid}/send`)).statusCode).toBe(200);
    await runJobs();
    const token = signingTokenIn((await mailsTo(db(), email))[0]?.text_body ?? '');
    const signer = await identifyWithCode(context.app, db(), runJobs, token, email);
    const signing = holdAt('sign');
    const first = signer.post(`/api/sign/${token}/sign`, { HaveRead: true });
    await signing.arrived;
    // The second has passed its checks and waits to begin signing (as on another node).
    const waiting = holdAt('queue');
    const second = signer.post(`/api/sign/${token}/sign`, { HaveRead: true });
    await waiting.arrived;
    signing.release();
    expect((await first).statusCode).toBe(200);
    await runJobs();
    expect((await owner.get(`${flows}/${flow.Guid}`)).json<FlowBody>().Status).toBe('Finished');
    waiting.release();
    const late = await second;
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({ key: 'signing.errors.alreadyDone' });
  });

  it('a signer who submits twice at once signs once; the second answers 409 alreadyDone', async () => {
    const owner = await sender();
    const email = `kahdesti.${kind}@example.com`;
    const { flow } = await draft(owner, email);
    expect((await owner.post(`${flows}/${flow.Guid}/send`)).statusCode).toBe(200);
    await runJobs();
    const token = signingTokenIn((await mailsTo(db(), email))[0]?.text_body ?? '');
    const signer = await identifyWithCode(context.app, db(), runJobs, token, email);
    // The first request waits inside the signing until the second has started too.
    const held = holdAt('sign');
    const first = signer.post(`/api/sign/${token}/sign`, { HaveRead: true });
    await held.arrived;
    const second = signer.post(`/api/sign/${token}/sign`, { HaveRead: true });
    await sleep(200);
    held.release();
    const answers = await Promise.all([first, second]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((answer) => answer.statusCode === 409);
    expect(lost?.json()).toMatchObject({ key: 'signing.errors.alreadyDone' });
    const signatures = await db()
      .selectFrom('audit_events')
      .select('id')
      .where('flow_id', '=', flow.Guid)
      .where('operation', '=', 'Sign')
      .execute();
    expect(signatures).toHaveLength(1);
  });

  it('a cancel while completion makes the signed file wins; completion keeps nothing, and a cancel after it answers 409 Finished', async () => {
    const owner = await sender();
    const signAll = async (email: string) => {
      const { flow } = await draft(owner, email);
      expect((await owner.post(`${flows}/${flow.Guid}/send`)).statusCode).toBe(200);
      await runJobs();
      const token = signingTokenIn((await mailsTo(db(), email))[0]?.text_body ?? '');
      const signer = await identifyWithCode(context.app, db(), runJobs, token, email);
      expect((await signer.post(`/api/sign/${token}/sign`, { HaveRead: true })).statusCode).toBe(
        200,
      );
      return flow.Guid;
    };

    const cancelled = await signAll(`peruttu.${kind}@example.com`);
    const held = holdAt('stamp');
    const completing = runJobs();
    await held.arrived;
    const cancel = await owner.post(`${flows}/${cancelled}/cancel`, { Comment: 'Väärä versio' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    held.release();
    await completing;
    const afterCancel = (await owner.get(`${flows}/${cancelled}`)).json<
      FlowBody & { SignedFile: unknown }
    >();
    expect(afterCancel).toMatchObject({ Status: 'Cancelled', SignedFile: null });
    const kept = await db()
      .selectFrom('sign_flow_files')
      .select('kind')
      .where('flow_id', '=', cancelled)
      .where('kind', 'in', ['signedfile', 'personalsignedfile'])
      .execute();
    expect(kept).toEqual([]);

    const finished = await signAll(`valmis.${kind}@example.com`);
    await runJobs();
    const late = await owner.post(`${flows}/${finished}/cancel`, { Comment: 'Liian myöhään' });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({
      current: { Guid: finished, Status: 'Finished', SignFlowDetailsStatus: 'Finished' },
    });
  });
});
