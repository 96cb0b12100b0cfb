import { HttpClient, type HttpResponse } from '../test/support/http-client.ts';
import { makePdf } from '../test/support/pdf.ts';
import { signingToken } from '../src/signing/signing-links.ts';
import type { RacePortal } from './race-portal.ts';

/*
 * The races of issue 14 point 1, each set up afresh and then run with its two sides at the
 * same moment (on two nodes when there are two). A small random offset between the sides
 * makes successive runs meet at different points of each other.
 */

const flowsPath = '/api/esign/SignFlows';

/** What one run of a race left: every answer the racing requests got, and what to inspect. */
export interface RaceRun {
  /** Each racing request's answer: its status, and its message key when it was refused. */
  answers: string[];
  flowId: string;
  /** Every name and address the run used, on either side. */
  people: string[];
  /** Signers who must have signed when the run is over. */
  mustHaveSigned: string[];
}

export interface RaceContext {
  portal: RacePortal;
  /** The signed-in sender, one client per node. */
  senders: HttpClient[];
  run: number;
}

export interface Race {
  name: string;
  run(context: RaceContext): Promise<RaceRun>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Starts `first` and, `offsetMs` later (or earlier, when negative), `second`. */
async function atOnce<A, B>(
  first: () => Promise<A>,
  second: () => Promise<B>,
  offsetMs: number,
): Promise<[A, B]> {
  const delayed = <T>(ms: number, start: () => Promise<T>) =>
    ms > 0 ? sleep(ms).then(start) : start();
  return Promise.all([delayed(-offsetMs, first), delayed(offsetMs, second)]);
}
/** From 40 ms before to 120 ms after: a save before, during and after the send's work. */
const randomOffset = () => Math.round(Math.random() * 160 - 40);

/** `200`, or the status and message key of a refusal (`409 signing.errors.alreadyDone`). */
function answerOf(response: HttpResponse): string {
  if (response.status < 300) return String(response.status);
  try {
    return `${response.status} ${response.json<{ key?: string }>().key ?? ''}`.trim();
  } catch {
    return String(response.status);
  }
}

function ok(response: HttpResponse, what: string): HttpResponse {
  if (response.status !== 200) throw new Error(`${what}: ${response.status} ${response.text()}`);
  return response;
}

const letters = (run: number) =>
  [...String(run).padStart(3, '0')].map((digit) => 'abcdefghij'[Number(digit)]).join('');

interface Person {
  Name: string;
  Email: string;
}
/** Names that never contain one another, so the signature page check can tell them apart. */
function person(role: string, run: number): Person {
  const tag = letters(run);
  return { Name: `${role} ${tag}`, Email: `${role.toLowerCase()}.${tag}@example.com` };
}

function draftBody(name: string, process: 'Sequential' | 'Concurrent', signers: unknown[]) {
  return {
    Name: name,
    Note: null,
    SignatureProcess: process,
    MinimumSignatureLevel: 'Low',
    ReminderIntervalInDays: null,
    InspectorEmail: null,
    Language: 'en',
    Signers: signers,
  };
}

interface Draft {
  id: string;
  body: ReturnType<typeof draftBody>;
  signerIds: string[];
}

async function createDraft(
  sender: HttpClient,
  name: string,
  signers: Person[],
  options: { process?: 'Sequential' | 'Concurrent'; signFile?: string } = {},
): Promise<Draft> {
  const body = draftBody(name, options.process ?? 'Sequential', signers);
  const saved = ok(await sender.post(flowsPath, body), 'save').json<{
    Guid: string;
    Signers: Array<{ Guid: string }>;
  }>();
  if (options.signFile !== undefined) {
    const pdf = makePdf(options.signFile);
    ok(await sender.upload(`${flowsPath}/${saved.Guid}/signfile`, 'sopimus.pdf', pdf), 'upload');
  }
  return { id: saved.Guid, body, signerIds: saved.Signers.map((signer) => signer.Guid) };
}

/** A signer's browser that has proved the mailbox with the e-mail code; answers it and the token. */
async function identify(context: RaceContext, signerId: string, node: number) {
  const { portal } = context;
  const row = await portal.db
    .selectFrom('sign_flow_signers')
    .select(['token_salt', 'email'])
    .where('id', '=', signerId)
    .executeTakeFirstOrThrow();
  const token = signingToken(portal.sessionSecret, signerId, row.token_salt ?? '');
  const browser = new HttpClient(portal.urls[node % portal.urls.length] ?? '');
  ok(await browser.get(`/api/sign/${token}`), 'open the link');
  ok(await browser.post(`/api/sign/${token}/code`), 'ask for a code');
  let code: string | undefined;
  for (let waited = 0; !code; waited += 50) {
    if (waited > 30_000) throw new Error(`no code mailed to ${row.email}`);
    const mail = await portal.db
      .selectFrom('dev_mailbox')
      .select('text_body')
      .where('to_address', '=', row.email)
      .where('subject', 'like', 'Your signing code%')
      .orderBy('sent_at', 'desc')
      .executeTakeFirst();
    code = mail ? /\b(\d{6})\b/.exec(mail.text_body)?.[1] : undefined;
    if (!code) await sleep(50);
  }
  ok(await browser.post(`/api/sign/${token}/code/verify`, { Code: code }), 'enter the code');
  return { browser, token };
}

const sender = (context: RaceContext, index: number) => {
  const { senders } = context;
  const found = senders[index % senders.length];
  if (!found) throw new Error('no sender');
  return found;
};

/** A save with new signers (or corrected ones, when `corrected`) at the moment of the send. */
function saveDuringSend(corrected: boolean): Race {
  return {
    name: corrected
      ? 'save (same signer Guids, corrected e-mail) during send'
      : 'save (new signers) during send',
    async run(context) {
      const first = person('Alku', context.run);
      const draft = await createDraft(sender(context, 0), `Kilpa ${context.run}`, [first], {
        signFile: `Sopimus ${context.run}`,
      });
      const newSigners = corrected
        ? [{ Guid: draft.signerIds[0], ...person('Korjattu', context.run) }]
        : [person('Uusi', context.run), person('Toinen', context.run)];
      const [sent, saved] = await atOnce(
        () => sender(context, 0).post(`${flowsPath}/${draft.id}/send`),
        () =>
          sender(context, 1).post(flowsPath, {
            ...draft.body,
            Guid: draft.id,
            Signers: newSigners,
          }),
        randomOffset(),
      );
      const people = [first, ...newSigners].flatMap((each) => [each.Name, each.Email]);
      return {
        answers: [sent, saved].map(answerOf),
        flowId: draft.id,
        people,
        mustHaveSigned: [],
      };
    },
  };
}

const uploadDuringSend: Race = {
  name: 'upload of a new file to sign during send',
  async run(context) {
    const signer = person('Tiedosto', context.run);
    const draft = await createDraft(sender(context, 0), `Tiedosto ${context.run}`, [signer], {
      signFile: `Alkuperainen ${context.run}`,
    });
    const [sent, uploaded] = await atOnce(
      () => sender(context, 0).post(`${flowsPath}/${draft.id}/send`),
      () =>
        sender(context, 1).upload(
          `${flowsPath}/${draft.id}/signfile`,
          'uusi.pdf',
          makePdf(`Uusi versio ${context.run}`),
        ),
      randomOffset(),
    );
    return {
      answers: [sent, uploaded].map(answerOf),
      flowId: draft.id,
      people: [signer.Name, signer.Email],
      mustHaveSigned: [],
    };
  },
};

/** `count` attachment uploads at once, each named by `nameOf`, spread over the nodes. */
function concurrentAttachments(name: string, count: number, nameOf: (index: number) => string) {
  return {
    name,
    async run(context: RaceContext): Promise<RaceRun> {
      const signer = person('Liite', context.run);
      const draft = await createDraft(sender(context, 0), `Liitteet ${context.run}`, [signer]);
      const answers = await Promise.all(
        Array.from({ length: count }, (_, index) =>
          sender(context, index).upload(
            `${flowsPath}/${draft.id}/attachment`,
            nameOf(index),
            Buffer.from(`Liite ${index} ajossa ${context.run}\n`),
          ),
        ),
      );
      return {
        answers: answers.map(answerOf),
        flowId: draft.id,
        people: [],
        mustHaveSigned: [],
      };
    },
  } satisfies Race;
}

/** A sent Concurrent flow whose `count` signers have all proved their mailbox. */
async function identifiedSigners(context: RaceContext, count: number, label: string) {
  const people = Array.from({ length: count }, (_, index) =>
    person(`${label}${'abcdefghij'[index] ?? 'z'}`, context.run),
  );
  const draft = await createDraft(sender(context, 0), `${label} ${context.run}`, people, {
    process: 'Concurrent',
    signFile: `${label} ${context.run}`,
  });
  ok(await sender(context, 0).post(`${flowsPath}/${draft.id}/send`), 'send');
  const signers = await Promise.all(
    draft.signerIds.map((id, index) => identify(context, id, index)),
  );
  return { draft, people, signers };
}

const oneSignerManyTimes: Race = {
  name: 'parallel sign calls by one signer (5)',
  async run(context) {
    const { draft, people, signers } = await identifiedSigners(context, 1, 'Kiireinen');
    const [signer] = signers;
    if (!signer) throw new Error('no signer');
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        signer.browser
          .at(context.portal.urls[index % context.portal.urls.length] ?? '')
          .post(`/api/sign/${signer.token}/sign`, { HaveRead: true }, { timeoutMs: 180_000 }),
      ),
    );
    return {
      answers: answers.map(answerOf),
      flowId: draft.id,
      people: people.flatMap((each) => [each.Name, each.Email]),
      mustHaveSigned: draft.signerIds,
    };
  },
};

function signersAtOnce(count: number): Race {
  return {
    name: `${count} signers signing at once`,
    async run(context) {
      const { draft, people, signers } = await identifiedSigners(context, count, 'Yhta');
      const answers = await Promise.all(
        signers.map(({ browser, token }) =>
          browser.post(`/api/sign/${token}/sign`, { HaveRead: true }, { timeoutMs: 180_000 }),
        ),
      );
      return {
        answers: answers.map(answerOf),
        flowId: draft.id,
        people: people.flatMap((each) => [each.Name, each.Email]),
        mustHaveSigned: draft.signerIds,
      };
    },
  };
}

/** Every race of issue 14 point 1, in the order the README lists them. */
export const races: Race[] = [
  saveDuringSend(false),
  saveDuringSend(true),
  uploadDuringSend,
  concurrentAttachments('60 attachment uploads at once (limit 50)', 60, (i) => `liite-${i}.txt`),
  concurrentAttachments('5 uploads of one name at once', 5, () => 'sama.txt'),
  oneSignerManyTimes,
  signersAtOnce(8),
];
