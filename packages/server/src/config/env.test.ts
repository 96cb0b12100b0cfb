import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.ts';
import { loadConfig, publicBasePath } from './env.ts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'esign-env-'));

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.languages).toEqual(['fi', 'en', 'sv']);
    expect(config.publicUrl.href).toBe('http://localhost:3000/');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.frontpageInfoEditable).toBe(true);
    expect(config.groupManagementEnabled).toBe(true);
    expect(config.personalSignedFileEnabled).toBe(false);
    expect(config.showHakaGroupId).toBe(false);
  });

  it('generates a session secret once and keeps it in DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'session-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
  });

  it('reads switches and the language list', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      LANGUAGES: ' sv , fi ',
      SHOW_HAKA_GROUP_ID: 'yes',
      FRONTPAGE_INFO_EDITABLE: '0',
      PUBLIC_URL: 'https://sign.example.fi/portal',
    });
    expect(config.languages).toEqual(['sv', 'fi']);
    expect(config.showHakaGroupId).toBe(true);
    expect(config.frontpageInfoEditable).toBe(false);
    expect(publicBasePath(config)).toBe('/portal/');
  });

  it('names every bad variable instead of starting with a wrong value', () => {
    const attempt = () =>
      loadConfig({
        DATA_DIR: tempDir(),
        PORT: 'eighty',
        LANGUAGES: 'finnish',
        SHOW_HAKA_GROUP_ID: 'maybe',
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/LANGUAGES/);
    expect(attempt).toThrow(/SHOW_HAKA_GROUP_ID/);
  });

  it('keeps the demo, with its passwords on the login page, to this machine unless HOST says otherwise', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: tempDir(), HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: tempDir(), HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    const production = { DATA_DIR: tempDir(), NODE_ENV: 'production', BUILTIN_IDP: 'true' };
    expect(loadConfig(production).host).toBe('0.0.0.0');
    expect(loadConfig({ ...production, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it("closes the portal's own time-stamp authority to others and takes the operator's policy", () => {
    const closed = loadConfig({ DATA_DIR: tempDir() });
    expect(closed.tsaPublic).toBe(false);
    expect(closed.tsaPolicyOid).toBe('1.3.6.1.4.1.99999.1');
    const open = loadConfig({
      DATA_DIR: tempDir(),
      TSA_PUBLIC: 'true',
      TSA_POLICY_OID: '1.2.246.999.7.1',
    });
    expect(open).toMatchObject({ tsaPublic: true, tsaPolicyOid: '1.2.246.999.7.1' });
    for (const bad of ['1.2.x', '3.1', '1', '1.02.3'])
      expect(() => loadConfig({ DATA_DIR: tempDir(), TSA_POLICY_OID: bad })).toThrow(
        /TSA_POLICY_OID/,
      );
  });

  it('refuses a session secret too short to be safe', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), SESSION_SECRET: 'short' })).toThrow(
      /SESSION_SECRET/,
    );
  });
});
