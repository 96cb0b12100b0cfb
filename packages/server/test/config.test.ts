import { describe, expect, it } from 'vitest';
import { CommonConfig } from '@esign/contract';
import { saveFrontpageInfo } from '../src/config/config.service.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

describe.each(databaseKinds)('config endpoints on %s', (kind) => {
  const context = useTestApp(kind, {
    PUBLIC_URL: 'https://esign.example.fi/',
    LANGUAGES: 'fi,sv',
    SHOW_HAKA_GROUP_ID: 'true',
    GROUP_MANAGEMENT_ENABLED: 'false',
    API_TOKEN_MAX_DAYS: '30',
    SIGNING_DEADLINE_DAYS: '14',
    SIGNING_DEADLINE_MAX_DAYS: '90',
  });

  it('returns the UI config of SPEC §3 from the environment', async () => {
    const response = await context.app.inject({ url: '/api/config/common' });
    expect(response.statusCode).toBe(200);
    const body = CommonConfig.parse(response.json());
    expect(body).toEqual({
      Languages: ['fi', 'sv'],
      PublicUrl: 'https://esign.example.fi',
      IsFrontpageInfoEditable: true,
      GroupManagementEnabled: false,
      PersonalSignedFileEnabled: false,
      ShowHakaGroupId: true,
      MaxUploadMb: 100,
      BuiltInLogin: true,
      TimeZone: 'Europe/Helsinki',
      ApiTokenMaxDays: 30,
      SigningDeadlineDays: 14,
      SigningDeadlineMaxDays: 90,
    });
  });

  it('answers the front-page text as an empty JSON string until one is written', async () => {
    const response = await context.app.inject({ url: '/api/config/info' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body).toBe('""');
  });

  it('answers the stored front-page text, non-ASCII intact', async () => {
    await saveFrontpageInfo(
      context.database.handle.db,
      '# Tervetuloa\nÅbo Akademi – "allekirjoitus"',
      new Date(),
    );
    const second = '# Välkommen\nÄndrad text';
    await saveFrontpageInfo(context.database.handle.db, second, new Date());
    const response = await context.app.inject({ url: '/api/config/info' });
    expect(response.json()).toBe(second);
  });
});

describe('config defaults', () => {
  const context = useTestApp('sqlite', { PORT: '3000' });

  it('offers fi, en and sv with the documented switches when nothing is set', async () => {
    const body = (await context.app.inject({ url: '/api/config/common' })).json();
    expect(body).toEqual({
      Languages: ['fi', 'en', 'sv'],
      PublicUrl: 'http://localhost:3000',
      IsFrontpageInfoEditable: true,
      GroupManagementEnabled: true,
      PersonalSignedFileEnabled: false,
      ShowHakaGroupId: false,
      MaxUploadMb: 100,
      BuiltInLogin: true,
      TimeZone: 'Europe/Helsinki',
      ApiTokenMaxDays: 365,
      SigningDeadlineDays: 30,
      SigningDeadlineMaxDays: 365,
    });
  });
});
