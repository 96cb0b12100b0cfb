import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.ts';
import { readCscConfig } from './csc-config.ts';

describe('the CSC settings', () => {
  it('are off without CSC_BASE_URL, blank values counting as unset', () => {
    expect(readCscConfig({})).toBeNull();
    expect(readCscConfig({ CSC_BASE_URL: ' ', CSC_CREDENTIAL_ID: '' })).toBeNull();
  });

  it('default the OAuth2 base to /oauth2 under the API and the signer to their e-mail address', () => {
    expect(
      readCscConfig({
        CSC_BASE_URL: 'https://qtsp.example/csc/v2/',
        CSC_CLIENT_ID: 'esign',
        CSC_CLIENT_SECRET: 'secret',
      }),
    ).toEqual({
      baseUrl: 'https://qtsp.example/csc/v2',
      oauthUrl: 'https://qtsp.example/csc/v2/oauth2',
      clientId: 'esign',
      clientSecret: 'secret',
      userIdFrom: 'email',
    });
  });

  it('take CSC_OAUTH_URL and CSC_USER_ID as given', () => {
    expect(
      readCscConfig({
        CSC_BASE_URL: 'https://qtsp.example/csc/v2',
        CSC_OAUTH_URL: 'https://login.qtsp.example/oauth2',
        CSC_CLIENT_ID: 'esign',
        CSC_CLIENT_SECRET: 'secret',
        CSC_USER_ID: 'personalIdentityCode',
      }),
    ).toMatchObject({
      oauthUrl: 'https://login.qtsp.example/oauth2',
      userIdFrom: 'personalIdentityCode',
    });
  });

  it('refuse one credential for every signer (CSC_CREDENTIAL_ID) and an unknown CSC_USER_ID', () => {
    const base = {
      CSC_BASE_URL: 'https://qtsp.example/csc/v2',
      CSC_CLIENT_ID: 'esign',
      CSC_CLIENT_SECRET: 'secret',
    };
    expect(() => readCscConfig({ ...base, CSC_CREDENTIAL_ID: 'cred-7' })).toThrow(
      /CSC_CREDENTIAL_ID is not supported/,
    );
    expect(() => readCscConfig({ ...base, CSC_USER_ID: 'phone' })).toThrow(ConfigError);
  });

  it('refuse a missing client, a stray setting and a URL that is not http(s)', () => {
    expect(() => readCscConfig({ CSC_BASE_URL: 'https://qtsp.example/csc/v2' })).toThrow(
      'CSC_CLIENT_ID and CSC_CLIENT_SECRET are required with CSC_BASE_URL',
    );
    expect(() => readCscConfig({ CSC_CLIENT_ID: 'esign' })).toThrow(
      'CSC_BASE_URL is required with CSC_CLIENT_ID',
    );
    expect(() => readCscConfig({ CSC_BASE_URL: 'ftp://qtsp.example' })).toThrow(ConfigError);
  });
});
