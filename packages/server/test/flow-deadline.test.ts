import { describe, expect, it } from 'vitest';
import { enqueueJob } from '../src/jobs/job-queue.ts';
import { signingJobs } from '../src/signing/signing-deps.ts';
import { addDays, dateIn, endOfDay } from '../src/time/zoned-dates.ts';
import { bearerCall, createTokenAs } from './support/api-tokens.ts';
import { useClockedApp } from './support/clocked-app.ts';
import { databaseKinds } from './support/databases.ts';
import { makePdf } from './support/pdf.ts';
import { draftBody, identifyWithCode, mailsTo, sendFlow } from './support/signing.ts';

const flows = '/api/esign/SignFlows';
const zone = 'Europe/Helsinki';

describe.each(databaseKinds)('a flow’s own deadline on %s', (kind) => {
  const app = useClockedApp(kind);
  const { clock, context, db, runJobs } = app;
  const today = () => dateIn(clock.now(), zone);
  const expireDue = async () => {
    await enqueueJob(db(), { kind: signingJobs.expire, payload: null }, clock.now());
    await runJobs();
  };
  const statusOf = async (owner: Awaited<ReturnType<typeof app.sender>>, id: string) =>
    (await owner.get(`${flows}/${id}`)).json<{ Status: string }>().Status;

  it('expires a flow at the end of its chosen date in the portal’s time zone, and not one with a later date', async () => {
    const owner = await app.sender();
    const [soon, later] = [addDays(today(), 3), addDays(today(), 10)];
    const early = await sendFlow(owner, {
      name: `Pian ${kind}`,
      expiryDate: soon,
      signers: [{ Name: 'Pian', Email: `pian.${kind}@example.com` }],
    });
    const late = await sendFlow(owner, {
      name: `Myöhemmin ${kind}`,
      expiryDate: later,
      signers: [{ Name: 'Myöhemmin', Email: `myohemmin.${kind}@example.com` }],
    });
    const detail = (await owner.get(`${flows}/${early}`)).json();
    expect(detail.ExpiryDate).toBe(soon);
    expect(Date.parse(detail.SigningDeadline)).toBe(endOfDay(soon, zone));
    const listed = (await owner.get(`${flows}?q=${encodeURIComponent(`Pian ${kind}`)}`)).json();
    expect(listed.Items[0]).toMatchObject({ Guid: early, ExpiryDate: soon });

    // The last minute of the date in Helsinki: still out.
    clock.set(new Date(endOfDay(soon, zone) - 60_000));
    await expireDue();
    expect(await statusOf(owner, early)).toBe('Sent');

    clock.set(new Date(endOfDay(soon, zone) + 1_000));
    await expireDue();
    expect(await statusOf(owner, early)).toBe('Cancelled');
    expect(await statusOf(owner, late)).toBe('Sent');
  });

  it('gives a flow saved without a date today + SIGNING_DEADLINE_DAYS, and sends it with the end of that date', async () => {
    const owner = await app.sender();
    const body = draftBody({ signers: [{ Name: 'Oletus', Email: `oletus.${kind}@example.com` }] });
    expect(body).not.toHaveProperty('ExpiryDate');
    const saved = await owner.post(flows, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().ExpiryDate).toBe(addDays(today(), 30));
    const id = await sendFlow(owner, {
      signers: [{ Name: 'Oletus', Email: `oletus2.${kind}@example.com` }],
    });
    const detail = (await owner.get(`${flows}/${id}`)).json();
    expect(detail.ExpiryDate).toBe(addDays(today(), 30));
    expect(Date.parse(detail.SigningDeadline)).toBe(endOfDay(addDays(today(), 30), zone));
  });

  it('refuses a date in the past, beyond SIGNING_DEADLINE_MAX_DAYS or not a date, and keeps the draft as it was', async () => {
    const owner = await app.sender();
    const signers = [{ Name: 'Rajat', Email: `rajat.${kind}@example.com` }];
    const kept = addDays(today(), 7);
    const created = await owner.post(flows, draftBody({ signers, expiryDate: kept }));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().Guid;

    const refusals: Array<[string, object]> = [
      [addDays(today(), -1), { path: 'ExpiryDate', key: 'validation.expiryDatePast' }],
      [
        addDays(today(), 366),
        { path: 'ExpiryDate', key: 'validation.expiryDateTooLate', params: { n: 365 } },
      ],
      ['2027-02-30', { path: 'ExpiryDate', key: 'validation.invalidDate' }],
      ['31.12.2030', { path: 'ExpiryDate', key: 'validation.invalidDate' }],
    ];
    for (const [date, issue] of refusals) {
      const refused = await owner.post(flows, {
        ...draftBody({ name: 'Muutettu', signers, expiryDate: date }),
        Guid: id,
      });
      expect(refused.statusCode, date).toBe(400);
      expect(refused.json().issues, date).toEqual([issue]);
    }
    // A new draft with a refused date is not made either.
    const before = (await owner.get(flows)).json().length;
    const refusedNew = await owner.post(
      flows,
      draftBody({ signers, expiryDate: addDays(today(), -1) }),
    );
    expect(refusedNew.statusCode).toBe(400);
    expect((await owner.get(flows)).json().length).toBe(before);
    expect((await owner.get(`${flows}/${id}`)).json()).toMatchObject({
      Name: 'Vuokrasopimus',
      ExpiryDate: kept,
    });

    // The furthest and the nearest dates are taken.
    for (const date of [addDays(today(), 365), today()]) {
      const saved = await owner.post(flows, {
        ...draftBody({ signers, expiryDate: date }),
        Guid: id,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().ExpiryDate).toBe(date);
    }
  });

  it('refuses to send a draft whose date passed while it waited, and leaves it a draft', async () => {
    const owner = await app.sender();
    const saved = await owner.post(
      flows,
      draftBody({
        signers: [{ Name: 'Odottanut', Email: `odottanut.${kind}@example.com` }],
        expiryDate: addDays(today(), 1),
      }),
    );
    const id = saved.json().Guid;
    expect((await owner.upload(`${flows}/${id}/signfile`, 'a.pdf', makePdf())).statusCode).toBe(
      200,
    );
    clock.set(new Date(endOfDay(addDays(today(), 1), zone) + 60_000));
    const sent = await owner.post(`${flows}/${id}/send`);
    expect(sent.statusCode).toBe(400);
    expect(sent.json().issues).toEqual([{ path: 'ExpiryDate', key: 'validation.expiryDatePast' }]);
    expect(await statusOf(owner, id)).toBe('Draft');
  });

  it('extends a sent flow’s deadline: audited, the signers still to sign mailed, the old deadline passing harmlessly', async () => {
    const owner = await app.sender();
    const signed = `jatko.allekirjoitti.${kind}@example.com`;
    const pending = `jatko.odottaa.${kind}@example.com`;
    const first = addDays(today(), 2);
    const id = await sendFlow(owner, {
      process: 'Concurrent',
      expiryDate: first,
      signers: [
        { Name: 'Allekirjoittanut', Email: signed },
        { Name: 'Odottava', Email: pending },
      ],
    });
    await runJobs();
    const token = await app.invitationToken(signed);
    const browser = await identifyWithCode(context.app, db(), runJobs, token, signed);
    expect((await browser.post(`/api/sign/${token}/sign`, { HaveRead: true })).statusCode).toBe(
      200,
    );
    await runJobs();
    const mailsBefore = {
      signed: (await mailsTo(db(), signed)).length,
      pending: (await mailsTo(db(), pending)).length,
    };

    const extendTo = (ExpiryDate: string) =>
      owner.post(`${flows}/${id}/expirydate`, { ExpiryDate });
    const notLater = await extendTo(first);
    expect(notLater.statusCode).toBe(400);
    expect(notLater.json().issues).toEqual([
      { path: 'ExpiryDate', key: 'validation.expiryDateNotLater' },
    ]);
    const tooFar = await extendTo(addDays(today(), 400));
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().issues).toEqual([
      { path: 'ExpiryDate', key: 'validation.expiryDateTooLate', params: { n: 365 } },
    ]);
    expect((await owner.get(`${flows}/${id}`)).json().ExpiryDate).toBe(first);

    const next = addDays(today(), 20);
    const extended = await extendTo(next);
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json()).toMatchObject({ Status: 'Sent', ExpiryDate: next });
    expect(Date.parse(extended.json().SigningDeadline)).toBe(endOfDay(next, zone));

    await runJobs();
    const toPending = await mailsTo(db(), pending);
    expect(toPending).toHaveLength(mailsBefore.pending + 1);
    const written = new Intl.DateTimeFormat('fi-FI', { timeZone: 'UTC', dateStyle: 'long' }).format(
      new Date(`${next}T12:00:00Z`),
    );
    const notice = toPending.find((mail) => mail.subject.startsWith('Lisää aikaa allekirjoittaa'));
    expect(notice?.text_body).toContain(`Allekirjoitathan viimeistään ${written}.`);
    expect(notice?.text_body).toMatch(/\/sign\/[A-Za-z0-9_-]{43}/);
    expect(await mailsTo(db(), signed)).toHaveLength(mailsBefore.signed);

    const event = await db()
      .selectFrom('audit_events')
      .select(['actor', 'details'])
      .where('flow_id', '=', id)
      .where('operation', '=', 'Deadline Extended')
      .executeTakeFirstOrThrow();
    expect(event.actor).toBe('user@example.com');
    expect(JSON.parse(event.details)).toEqual({ from: first, to: next });

    clock.set(new Date(endOfDay(first, zone) + 60_000));
    await expireDue();
    expect(await statusOf(owner, id)).toBe('Sent');
    clock.set(new Date(endOfDay(next, zone) + 60_000));
    await expireDue();
    expect(await statusOf(owner, id)).toBe('Cancelled');
  });

  it('answers 409 with the state now for a flow no longer out, and changes nothing', async () => {
    const owner = await app.sender();
    const email = `paattynyt.${kind}@example.com`;
    const id = await sendFlow(owner, { signers: [{ Name: 'Päättynyt', Email: email }] });
    expect((await owner.post(`${flows}/${id}/cancel`, { Comment: '' })).statusCode).toBe(200);
    await runJobs();
    const before = (await owner.get(`${flows}/${id}`)).json().ExpiryDate;
    const refused = await owner.post(`${flows}/${id}/expirydate`, {
      ExpiryDate: addDays(today(), 60),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().current).toMatchObject({ Guid: id, Status: 'Cancelled' });
    expect((await owner.get(`${flows}/${id}`)).json().ExpiryDate).toBe(before);
    const mails = (await mailsTo(db(), email)).filter((mail) => /Lisää aikaa/.test(mail.subject));
    expect(mails).toEqual([]);

    const draft = await owner.post(flows, draftBody({ signers: [{ Name: 'L', Email: email }] }));
    const onDraft = await owner.post(`${flows}/${draft.json().Guid}/expirydate`, {
      ExpiryDate: addDays(today(), 60),
    });
    expect(onDraft.statusCode).toBe(409);
    expect(onDraft.json().current).toMatchObject({ Status: 'Draft' });
  });

  it('lets an API token with signflows:write extend, and not one that may only read', async () => {
    const owner = await app.sender();
    const id = await sendFlow(owner, {
      signers: [{ Name: 'Token', Email: `token.${kind}@example.com` }],
    });
    const body = { ExpiryDate: addDays(today(), 90) };
    const reader = await createTokenAs(owner, ['signflows:read']);
    const readOnly = await bearerCall(context.app, reader.Token, {
      method: 'POST',
      url: `${flows}/${id}/expirydate`,
      payload: body,
    });
    expect(readOnly.statusCode).toBe(403);
    const writer = await createTokenAs(owner, ['signflows:write']);
    const written = await bearerCall(context.app, writer.Token, {
      method: 'POST',
      url: `${flows}/${id}/expirydate`,
      payload: body,
    });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json()).toMatchObject({ ExpiryDate: body.ExpiryDate });
    const missing = await owner.post(`${flows}/${id}/expirydate`, {});
    expect(missing.statusCode).toBe(400);
  });
});
