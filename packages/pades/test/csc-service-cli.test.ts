import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workDir } from './support/fixtures.ts';

const packageDir = join(import.meta.dirname, '..');

describe('the CSC test service as its own process', () => {
  it('prints the settings for the portal, serves the API and stops on SIGTERM', async () => {
    const root = join(workDir(), 'root.pem');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(packageDir, 'test/support/csc-service-cli.ts'),
        ...['--port', '0', '--client-id', 'e2e-portal', '--root-out', root],
      ],
      { cwd: packageDir, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('CSC_CREDENTIAL_ID=')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
    });
    const settings = Object.fromEntries(
      output
        .trim()
        .split('\n')
        .map((line) => line.split('=', 2) as [string, string]),
    );
    expect(settings).toMatchObject({
      CSC_CLIENT_ID: 'e2e-portal',
      CSC_CREDENTIAL_ID: 'qualified-1',
    });
    expect(settings.CSC_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/csc\/v2$/);
    const info = await fetch(`${settings.CSC_BASE_URL}/info`, { method: 'POST' });
    expect(await info.json()).toMatchObject({
      specs: '2.0.0.2',
      authType: ['oauth2code', 'oauth2client'],
    });
    expect(readFileSync(root, 'utf8')).toContain('-----BEGIN CERTIFICATE-----');

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
