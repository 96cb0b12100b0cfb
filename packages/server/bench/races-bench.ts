import { problemsOf } from './race-checks.ts';
import { signIn, startPostgresPortal, startSqlitePortal, type RacePortal } from './race-portal.ts';
import { races, type Race, type RaceContext } from './race-scenarios.ts';

/*
 * The race suite (`npm run bench -- races`): every race of issue 14 point 1, `runs` times
 * each, on SQLite (the app in this process) and on two PostgreSQL server processes sharing
 * one schema and one file store. Goals: no inconsistent flow, no 5xx, every signer signed.
 */

export interface RaceRow {
  database: string;
  race: string;
  runs: number;
  inconsistentFlows: number;
  serverErrors: number;
  notSigned: number;
  /** Runs whose set-up failed (the race itself never ran); each is named in `examples`. */
  failedRuns: number;
  /** The answers the racing requests got, by status and message key. */
  answers: Record<string, number>;
  examples: string[];
  seconds: number;
}

async function runRace(portal: RacePortal, race: Race, runs: number): Promise<RaceRow> {
  const row: RaceRow = {
    database: portal.label,
    race: race.name,
    runs,
    inconsistentFlows: 0,
    serverErrors: 0,
    notSigned: 0,
    failedRuns: 0,
    answers: {},
    examples: [],
    seconds: 0,
  };
  const started = performance.now();
  const senders = await signIn(portal);
  const note = (text: string) => {
    if (row.examples.length < 5) row.examples.push(text);
  };
  for (let run = 0; run < runs; run += 1) {
    const context: RaceContext = { portal, senders, run };
    try {
      const outcome = await race.run(context);
      for (const answer of outcome.answers) row.answers[answer] = (row.answers[answer] ?? 0) + 1;
      const errors = outcome.answers.filter((answer) => Number.parseInt(answer, 10) >= 500);
      row.serverErrors += errors.length;
      if (errors.length) note(`run ${run}: answers ${outcome.answers.join(', ')}`);
      const problems = await problemsOf(portal, outcome.flowId, outcome.people);
      if (problems.length) {
        row.inconsistentFlows += 1;
        note(`run ${run}, flow ${outcome.flowId}: ${problems.join('; ')}`);
      }
      if (outcome.mustHaveSigned.length) {
        const signed = await portal.db
          .selectFrom('sign_flow_signers')
          .select('id')
          .where('id', 'in', outcome.mustHaveSigned)
          .where('status', '=', 'Signed')
          .execute();
        const missing = outcome.mustHaveSigned.length - signed.length;
        row.notSigned += missing;
        if (missing)
          note(`run ${run}: ${missing} not signed; answers ${outcome.answers.join(', ')}`);
      }
    } catch (error) {
      row.failedRuns += 1;
      note(`run ${run} could not be set up: ${(error as Error).message.slice(0, 300)}`);
    }
  }
  row.seconds = (performance.now() - started) / 1000;
  return row;
}

/**
 * Runs every race on both databases; `only` limits it to 'sqlite' or 'postgres', and `named`
 * to the races whose names contain it.
 */
export async function benchRaces(
  runs: number,
  only: string[] = [],
  named = '',
): Promise<RaceRow[]> {
  const rows: RaceRow[] = [];
  const setups = [
    ['sqlite', startSqlitePortal],
    ['postgres', startPostgresPortal],
  ] as const;
  for (const [kind, start] of setups) {
    if (only.length && !only.includes(kind)) continue;
    const portal = await start();
    try {
      for (const race of races.filter((each) => each.name.includes(named))) {
        const row = await runRace(portal, race, runs);
        rows.push(row);
        console.log(
          `${kind}: ${race.name}: ${row.runs} runs in ${row.seconds.toFixed(0)} s, answers ${JSON.stringify(row.answers)}`,
        );
      }
    } finally {
      await portal.close();
    }
  }
  return rows;
}

/** Prints the table; answers whether every goal was met. */
export function printRaces(rows: RaceRow[]): boolean {
  console.log('\nRaces of issue 14 point 1 — goals: 0 inconsistent flows, 0 5xx, 0 not signed');
  console.log(
    '| database | race | runs | inconsistent flows | 5xx answers | signers not signed | answers |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | --- |');
  for (const row of rows) {
    const answers = Object.entries(row.answers)
      .map(([answer, count]) => `${count}× ${answer}`)
      .join(', ');
    const runs = row.failedRuns ? `${row.runs} (${row.failedRuns} not set up)` : `${row.runs}`;
    console.log(
      `| ${row.database} | ${row.race} | ${runs} | ${row.inconsistentFlows} | ${row.serverErrors} | ${row.notSigned} | ${answers} |`,
    );
  }
  const failing = rows.filter(
    (row) => row.inconsistentFlows || row.serverErrors || row.notSigned || row.failedRuns,
  );
  for (const row of failing) {
    console.log(`\n${row.database} — ${row.race}:`);
    for (const example of row.examples) console.log(`  ${example}`);
  }
  return failing.length === 0;
}
