import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { SignFlowStatus } from '@esign/contract';
import type { Page } from '@playwright/test';
import { createFlows } from './api.ts';
import { e2eDataDir } from './services.ts';

const day = 24 * 3_600_000;
const iso = (time: number) => new Date(time).toISOString();

/**
 * Puts drafts made through the API into another state straight in the portal's database,
 * with the dates and signer states that state has: a list needs flows in every state, and
 * signing each of them for real would take minutes. Nothing else reads these flows.
 */
export function putFlowsInState(guids: string[], status: Exclude<SignFlowStatus, 'Draft'>) {
  const db = new DatabaseSync(join(e2eDataDir, 'esign.db'), { timeout: 5_000 });
  try {
    const updateFlow = db.prepare(
      `update sign_flows set status = ?, sent_at = ?, finished_at = ?, rejected_at = ?,
         cancelled_at = ?, cancellation_comment = ?, failure_reason = ?, auto_delete_at = ?
       where id = ?`,
    );
    const signersOf = db.prepare(
      'select id from sign_flow_signers where flow_id = ? order by position',
    );
    const setSigner = db.prepare(
      'update sign_flow_signers set status = ?, completed_at = ?, rejection_comment = ? where id = ?',
    );
    db.exec('begin');
    guids.forEach((guid, index) => {
      const sent = Date.now() - (index + 2) * day;
      const ended = sent + day / 2;
      updateFlow.run(
        status,
        iso(sent),
        status === 'Finished' ? iso(ended) : null,
        status === 'Rejected' ? iso(ended) : null,
        status === 'Cancelled' ? iso(ended) : null,
        status === 'Cancelled' ? 'Wrong document' : null,
        status === 'Error' ? 'The time-stamp authority did not answer' : null,
        iso((status === 'Sent' ? sent + 30 * day : ended) + 180 * day),
        guid,
      );
      const signers = signersOf.all(guid) as Array<{ id: string }>;
      signers.forEach((signer, position) => {
        // Finished: everyone signed; otherwise the first of several signed and (Rejected) the
        // next one refused.
        const signed = status === 'Finished' || (position === 0 && signers.length > 1);
        const rejected = status === 'Rejected' && position === Math.min(1, signers.length - 1);
        if (rejected) setSigner.run('Rejected', iso(ended), 'Not my contract', signer.id);
        else if (signed) setSigner.run('Signed', iso(sent + day / 4), null, signer.id);
      });
    });
    db.exec('commit');
  } finally {
    db.close();
  }
}

const documents = [
  'Vuokrasopimus',
  'Työsopimus',
  'Hankintapäätös',
  'Salassapitosopimus',
  'Tutkimussopimus',
  'Lausunto',
];
const people = [
  'Maija Meikäläinen',
  'Pekka Puupää',
  'Liisa Laine',
  'Ville Virtanen',
  'Anna Andersson',
  'Juha Järvinen',
  'Sofia Sundqvist',
  'Olli Ojala',
];
export const longFlowName =
  'Puitesopimus tietojärjestelmän ylläpito- ja kehityspalveluista sekä niihin liittyvistä asiantuntijapalveluista vuosille 2026–2029';
export const listStates = ['Draft', 'Sent', 'Finished', 'Rejected', 'Cancelled', 'Error'] as const;

/**
 * `perState` flows in each state, named `<prefix> <document> <state> <number>`, with one to
 * four signers (the first of each state eight), and one long name per state.
 */
export async function seedFlowsInEveryState(page: Page, prefix: string, perState: number) {
  const named: Record<string, string[]> = {};
  for (const status of listStates) {
    const drafts = Array.from({ length: perState }, (_, index) => {
      const count = index === 0 ? people.length : (index % 4) + 1;
      const number = String(index + 1).padStart(2, '0');
      const document = documents[index % documents.length] ?? 'Sopimus';
      return {
        Name: `${prefix} ${index === 1 ? longFlowName : document} ${status} ${number}`.trim(),
        Signers: people.slice(0, count).map((name, position) => ({
          Name: name,
          Email: `signer${position + 1}@example.com`,
        })),
      };
    });
    const guids = await createFlows(page, drafts);
    if (status !== 'Draft') putFlowsInState(guids, status);
    named[status] = drafts.map((draft) => draft.Name);
  }
  return named;
}
