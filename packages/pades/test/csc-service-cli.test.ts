import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workDir } from './support/fixtures.ts';

const packageDir = join(import.meta.dirname, '..');

describe('the CSC test service as its own process', () => {
  it('prints the settings for the portal, holds a credential for each user and stops on SIGTERM', async () => {
    const root = join(workDir(), 'root.pem');
    const child = spawn(
      process.execPath,
      [
        join(packageDir, 'test/support/csc-service-cli.ts'),
        ...['--port', '0', '--client-id', 'e2e-portal', '--root-out', root],
        ...[
          '--user',
          'maija@example.fi:Maija Meikäläinen:311280-999J',
          '--user',
          'pekka@example.fi',
        ],
      ],
      { cwd: packageDir, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('CSC_USERS=')) resolve();
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
      CSC_USERS: 'maija@example.fi,pekka@example.fi',
    });
    expect(settings.CSC_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/csc\/v2$/);
    const info = await fetch(`${settings.CSC_BASE_URL}/info`, { method: 'POST' });
    expect(await info.json()).toMatchObject({
      specs: '2.0.0.2',
      authType: ['oauth2code', 'oauth2client'],
    });
    expect(readFileSync(root, 'utf8')).toContain('-----BEGIN CERTIFICATE-----');
    const token = await fetch(`${settings.CSC_OAUTH_URL}/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'e2e-portal',
        client_secret: settings.CSC_CLIENT_SECRET ?? '',
      }),
    });
    const { access_token: accessToken } = (await token.json()) as { access_token: string };
    const listFor = async (userID: string) => {
      const listed = await fetch(`${settings.CSC_BASE_URL}/credentials/list`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ userID }),
      });
      return ((await listed.json()) as { credentialIDs: string[] }).credentialIDs;
    };
    expect(await listFor('Maija@Example.fi')).toEqual(['qualified-1']);
    expect(await listFor('pekka@example.fi')).toEqual(['qualified-2']);
    expect(await listFor('nobody@example.fi')).toEqual([]);

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
