// `npm test`: every test the project has, in order — lint, structure (the dependency rules of
// .dependency-cruiser.cjs), format, typecheck, unit, integration
// on SQLite and PostgreSQL, browser tests in Chromium. Missing system pieces are
// installed when we can (root with apt-get) or the run fails saying how to get them.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import { buildWebIfNeeded } from './build-web.mjs';
import { ensureSupportedNode } from './node-version.mjs';

await ensureSupportedNode();
const testedNode = readFileSync(new URL('../.node-version', import.meta.url), 'utf8').trim();
console.log(`node ${process.version} (tested on v${testedNode})`);
// CI proves the tested Node: a run there under any other is a mistake in the set-up.
if (process.env.CI && process.versions.node !== testedNode) {
  console.error(
    `CI must run on Node ${testedNode} (.node-version); run it through scripts/node-runtime.sh`,
  );
  process.exit(1);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const only = process.argv.slice(2);
const reports = mkdtempSync(join(tmpdir(), 'esign-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedStages = [];

const isRoot = process.getuid?.() === 0;
// Keep in step with .ci/run.
const debianPackages = {
  chromium: '/usr/bin/chromium',
  'poppler-utils': '/usr/bin/pdfsig',
  qpdf: '/usr/bin/qpdf',
  // mutool: a third reader for signed files (no repair needed after bytes past %%EOF).
  'mupdf-tools': '/usr/bin/mutool',
  // openssl cms and openssl ts -verify: the signing-engine tests' independent check.
  openssl: '/usr/bin/openssl',
  // pg_dump and pg_restore, which deploy/backup.sh and restore.sh run (backup-restore.test.ts).
  'postgresql-client': '/usr/bin/pg_restore',
  // curl runs examples/integration.sh, docs/integration.md's walk-through (example-integration.test.ts).
  curl: '/usr/bin/curl',
};

function ensureDebianPackages() {
  const missing = Object.entries(debianPackages)
    .filter(([, binary]) => !existsSync(binary))
    .map(([name]) => name);
  if (missing.length === 0) return;
  if (!isRoot) {
    throw new Error(
      `Missing system packages: ${missing.join(', ')}. Install them with: sudo apt-get install -y ${missing.join(' ')}`,
    );
  }
  console.log(`installing ${missing.join(', ')} with apt-get…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function canConnect(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function ensurePostgres() {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  const port = Number(url.port || 5432);
  if (await canConnect(url.hostname, port)) return;
  if (isRoot && existsSync('/etc/postgresql')) {
    console.log('starting the local PostgreSQL…');
    for (const version of execFileSync('ls', ['/etc/postgresql'])
      .toString()
      .split(/\s+/)
      .filter(Boolean)) {
      spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], {
        stdio: 'inherit',
      });
    }
    if (await canConnect(url.hostname, port)) return;
  }
  throw new Error(
    `PostgreSQL is not reachable at ${url.host}. The integration tests need it: start one (trust auth, database "test") or set TEST_DATABASE_URL=postgres://user@host:port/db.`,
  );
}

/**
 * How long a stage may run before it counts as hung (its usual time on the 2-core reference
 * machine is well under half of this). A test process blocked for good (its main thread
 * waiting on a lock, so no test timeout can fire) is then stopped and the stage run once
 * more, saying so; a stage that hangs twice fails.
 */
const stageLimitsMinutes = {
  lint: 5,
  structure: 2,
  format: 3,
  typecheck: 5,
  unit: 4,
  integration: 30,
  // 33 minutes on a slow 2-core host (2026-11-28): a stopped and repeated stage would not fit
  // in CI's time, so only a stage well past any real run's time counts as hung.
  e2e: 50,
};

/** The stage running now: Ctrl-C or a stop of this script stops its whole process group too. */
let current = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (current) {
      try {
        process.kill(-current.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    process.exit(130);
  });
}

/** Runs one attempt of a stage in a process group of its own; answers its exit code or 'hung'. */
function attempt(command, args, env, limitMinutes) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
      detached: true,
    });
    current = child;
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, limitMinutes * 60_000);
    child.on('exit', (code) => {
      current = null;
      clearTimeout(timer);
      resolve(hung ? 'hung' : code);
    });
  });
}

async function run(stage, command, args, env = {}) {
  if (only.length && !only.includes(stage)) return false;
  const limit = stageLimitsMinutes[stage] ?? 10;
  for (let round = 1; round <= 2; round += 1) {
    console.log(`\n▶ ${stage}: ${command} ${args.join(' ')}${round > 1 ? ' (again)' : ''}`);
    const result = await attempt(command, args, env, limit);
    if (result === 'hung') {
      console.error(
        `\n✖ ${stage} did not finish within ${limit} minutes: its processes were stopped.`,
      );
      if (round === 1) continue;
      failedStages.push(`${stage} (hung twice)`);
      return true;
    }
    if (result !== 0) failedStages.push(stage);
    return true;
  }
  return true;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

try {
  await run('lint', 'npx', ['eslint', '.']);
  // No import cycles, route files apart, features apart, shared code below the features.
  await run('structure', 'npx', ['depcruise', 'packages/*/src']);
  await run('format', 'npx', ['prettier', '--check', '.']);
  await run('typecheck', 'npm', ['run', 'typecheck']);
  const unitReport = join(reports, 'unit.json');
  if (
    await run('unit', 'npx', [
      'vitest',
      'run',
      '--project',
      'unit',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${unitReport}`,
    ])
  ) {
    countVitest(unitReport);
  }
  if (!only.length || only.includes('integration')) {
    await ensurePostgres();
    // qpdf makes test PDFs (encrypted, cross-reference streams); the backup scripts need
    // postgresql-client.
    ensureDebianPackages();
  }
  const integrationReport = join(reports, 'integration.json');
  if (
    await run('integration', 'npx', [
      'vitest',
      'run',
      '--project',
      'integration',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${integrationReport}`,
    ])
  ) {
    countVitest(integrationReport);
  }
  if (!only.length || only.includes('e2e')) {
    ensureDebianPackages();
    buildWebIfNeeded();
  }
  const e2eReport = join(reports, 'e2e.json');
  if (
    await run(
      'e2e',
      'npx',
      ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
    )
  ) {
    countPlaywright(e2eReport);
  }
} catch (error) {
  console.error(`\n✖ ${error instanceof Error ? error.message : String(error)}`);
  failedStages.push('setup');
}

console.log(
  failedStages.length ? `\nfailed stages: ${failedStages.join(', ')}` : '\nall stages passed',
);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(failedStages.length ? 1 : 0);
