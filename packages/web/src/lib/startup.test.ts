import { apiPaths, languages, type CommonConfig, type Session } from '@esign/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commonConfigQueryOptions } from './common-config.ts';
import en from '../locales/en.json';
import fi from '../locales/fi.json';
import sv from '../locales/sv.json';
import { i18n } from './i18n.ts';
import { localeStorageKey } from './locale.ts';
import { sessionQueryOptions } from './session.ts';
import { startApp, type StartupEnvironment } from './startup.ts';

const pageOrigin = 'https://portal.example.org';
const publicUrl = 'https://cdn.example.org/portal';
const serverConfig: CommonConfig = {
  Languages: ['fi', 'en', 'sv'],
  PublicUrl: `${publicUrl}/`,
  IsFrontpageInfoEditable: true,
  GroupManagementEnabled: true,
  PersonalSignedFileEnabled: false,
  ShowHakaGroupId: false,
  MaxUploadMb: 50,
  BuiltInLogin: false,
  TimeZone: 'Europe/Helsinki',
  ApiTokenMaxDays: 365,
  SigningDeadlineDays: 30,
  SigningDeadlineMaxDays: 365,
};
const signedIn: Session = {
  IsAdmin: true,
  DisplayName: 'Anna Admin',
  OrganizationName: 'Example Oy',
  BIC: 'EXMPFIHH',
  IsAuthenticated: true,
  UserId: 'user-1',
};

type Answer = () => Response;
const json =
  (body: unknown): Answer =>
  () =>
    Response.json(body);
const status =
  (code: number): Answer =>
  () =>
    new Response('', { status: code });
const networkDown: Answer = () => {
  throw new TypeError('Failed to fetch');
};

/** A browser whose server answers each address as told; anything else is a 404. */
function fakeBrowser(answers: Record<string, Answer>, stored: string | null = null) {
  const events: string[] = [];
  let lang = '';
  const environment: StartupEnvironment = {
    fetch: async (input) => {
      const url = input instanceof Request ? input.url : input.toString();
      events.push(`fetch ${url}`);
      return (answers[url] ?? status(404))();
    },
    storage: {
      getItem: (key) => {
        events.push(`read ${key}`);
        return stored;
      },
      setItem: (key, value) => events.push(`store ${key}=${value}`),
    },
    document: {
      documentElement: {
        get lang() {
          return lang;
        },
        set lang(value: string) {
          events.push(`lang ${value}`);
          lang = value;
        },
      },
      querySelector: () => null,
    },
    origin: pageOrigin,
  };
  return { environment, events, htmlLang: () => lang };
}

/** The usual server: config, one override file for Swedish, a signed-in administrator. */
function healthyServer(): Record<string, Answer> {
  return {
    [apiPaths.commonConfig]: json(serverConfig),
    [`${publicUrl}/locales.json`]: json({ languages: ['fi', 'en', 'sv'], overrides: ['sv'] }),
    [`${publicUrl}/locales/sv.json`]: json({ 'frontpage.title': 'Vår egen portal' }),
    [apiPaths.currentUser]: json(signedIn),
  };
}

async function start(browser: ReturnType<typeof fakeBrowser>) {
  const queryClient = new QueryClient();
  await startApp(queryClient, () => browser.events.push('render'), browser.environment);
  return {
    config: queryClient.getQueryData(commonConfigQueryOptions().queryKey),
    session: queryClient.getQueryData(sessionQueryOptions().queryKey),
  };
}

const warn = vi.spyOn(console, 'warn');
const warnings = () => warn.mock.calls.map(([message]) => String(message));
// Extra messages are merged into the shared catalogues; each test starts from the built-in ones.
const builtIn = structuredClone({ fi, en, sv });

beforeEach(() => {
  warn.mockReset().mockImplementation(() => undefined);
});

afterEach(async () => {
  for (const language of languages) {
    i18n.removeResourceBundle(language, 'translation');
    i18n.addResourceBundle(language, 'translation', structuredClone(builtIn[language]));
  }
  await i18n.changeLanguage('fi');
});

describe('start-up', () => {
  it('loads the config, sets the locale, loads extra messages, loads the session, then renders', async () => {
    const browser = fakeBrowser(healthyServer(), 'sv');
    const { config, session } = await start(browser);

    expect(browser.events).toEqual([
      `fetch ${apiPaths.commonConfig}`,
      `read ${localeStorageKey}`,
      'lang sv',
      `fetch ${publicUrl}/locales.json`,
      `fetch ${publicUrl}/locales/sv.json`,
      `fetch ${apiPaths.currentUser}`,
      'render',
    ]);
    expect(config?.PublicUrl).toBe(publicUrl);
    expect(i18n.t('frontpage.title')).toBe('Vår egen portal');
    expect(session).toEqual(signedIn);
    expect(warnings()).toEqual([]);
  });

  it('does not store the locale it starts with', async () => {
    const browser = fakeBrowser(healthyServer(), 'en');
    await start(browser);
    expect(browser.events.filter((event) => event.startsWith('store'))).toEqual([]);
  });
});

describe('the locale at start-up', () => {
  it('is the stored one when the server lists it', async () => {
    const browser = fakeBrowser(healthyServer(), 'en');
    await start(browser);
    expect(i18n.language).toBe('en');
    expect(browser.htmlLang()).toBe('en');
  });

  it('is Finnish when the server does not list the stored one', async () => {
    const server = healthyServer();
    server[apiPaths.commonConfig] = json({ ...serverConfig, Languages: ['fi', 'en'] });
    const browser = fakeBrowser(server, 'sv');
    await start(browser);
    expect(i18n.language).toBe('fi');
    expect(browser.htmlLang()).toBe('fi');
    // Swedish is not offered, so its extra messages are not even asked for.
    expect(browser.events).not.toContain(`fetch ${publicUrl}/locales/sv.json`);
  });

  it('is Finnish when nothing is stored', async () => {
    await i18n.changeLanguage('en');
    const browser = fakeBrowser(healthyServer(), null);
    await start(browser);
    expect(i18n.language).toBe('fi');
    expect(browser.htmlLang()).toBe('fi');
  });

  it('is Finnish, with a warning, when local storage cannot be read', async () => {
    const browser = fakeBrowser(healthyServer());
    browser.environment.storage.getItem = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    await start(browser);
    expect(i18n.language).toBe('fi');
    expect(warnings()).toEqual(['Stored locale not read; using the default']);
    expect(browser.events.at(-1)).toBe('render');
  });

  it('only warns when it cannot be applied, and start-up goes on', async () => {
    const browser = fakeBrowser(healthyServer(), 'sv');
    Object.defineProperty(browser.environment.document.documentElement, 'lang', {
      set: () => {
        throw new Error('read-only page');
      },
    });
    const { session } = await start(browser);
    expect(warnings()).toEqual(['Locale not set; using the default']);
    expect(browser.events.slice(-3)).toEqual([
      `fetch ${publicUrl}/locales/sv.json`,
      `fetch ${apiPaths.currentUser}`,
      'render',
    ]);
    expect(session).toEqual(signedIn);
  });
});

describe('start-up when the config cannot be read', () => {
  it.each([
    ['the server fails', status(500)],
    ['the network is down', networkDown],
    ['the answer is not a config', json({ Languages: 'fi' })],
  ])('warns and goes on with the defaults when %s', async (_case, answer) => {
    const server = healthyServer();
    server[apiPaths.commonConfig] = answer;
    server[`${pageOrigin}/locales.json`] = json({ languages: [], overrides: [] });
    const browser = fakeBrowser(server, 'sv');
    const { config, session } = await start(browser);

    expect(warnings()).toEqual(['Common config not loaded; using defaults']);
    expect(config).toMatchObject({
      Languages: ['fi', 'en', 'sv'],
      PublicUrl: pageOrigin,
      IsFrontpageInfoEditable: false,
      GroupManagementEnabled: false,
    });
    expect(i18n.language).toBe('sv');
    expect(browser.events).toContain(`fetch ${pageOrigin}/locales.json`);
    expect(session).toEqual(signedIn);
    expect(browser.events.at(-1)).toBe('render');
  });
});

describe('start-up when the extra messages cannot be read', () => {
  it('warns, keeps the built-in messages and still loads the session', async () => {
    const server = healthyServer();
    server[`${publicUrl}/locales.json`] = status(500);
    const browser = fakeBrowser(server, 'sv');
    const { session } = await start(browser);

    expect(warnings()).toEqual(['Extra locale messages not loaded; using the built-in ones']);
    expect(i18n.t('frontpage.title')).toBe('Signeringsportal');
    expect(session).toEqual(signedIn);
    expect(browser.events.slice(-2)).toEqual([`fetch ${apiPaths.currentUser}`, 'render']);
  });

  it('keeps the built-in messages of a language whose file fails and loads the others', async () => {
    const server = healthyServer();
    server[`${publicUrl}/locales.json`] = json({ languages: [], overrides: ['en', 'sv'] });
    server[`${publicUrl}/locales/en.json`] = json({ frontpage: { title: 'Our own portal' } });
    server[`${publicUrl}/locales/sv.json`] = networkDown;
    const browser = fakeBrowser(server, 'sv');
    await start(browser);

    expect(warnings()).toEqual(['Extra messages for sv not loaded']);
    expect(i18n.t('frontpage.title')).toBe('Signeringsportal');
    expect(i18n.t('frontpage.title', { lng: 'en' })).toBe('Our own portal');
  });
});

describe('the session at start-up', () => {
  it('is none when the server says the user is not authenticated', async () => {
    const server = healthyServer();
    server[apiPaths.currentUser] = json({ ...signedIn, IsAuthenticated: false });
    const { session } = await start(fakeBrowser(server));
    expect(session).toBeNull();
    expect(warnings()).toEqual([]);
  });

  it('is none, without a warning, when the server answers 401', async () => {
    const server = healthyServer();
    server[apiPaths.currentUser] = status(401);
    const { session } = await start(fakeBrowser(server));
    expect(session).toBeNull();
    expect(warnings()).toEqual([]);
  });

  it.each([
    ['the server fails', status(500)],
    ['the network is down', networkDown],
  ])('is none, with a warning, when %s, and the app still renders', async (_case, answer) => {
    const server = healthyServer();
    server[apiPaths.currentUser] = answer;
    const browser = fakeBrowser(server);
    const { session } = await start(browser);
    expect(session).toBeNull();
    expect(warnings()).toEqual(['Session not loaded; continuing without one']);
    expect(browser.events.at(-1)).toBe('render');
  });
});

describe('a start-up that breaks off', () => {
  it('warns and renders all the same', async () => {
    const browser = fakeBrowser(healthyServer());
    browser.environment.document.querySelector = () => {
      throw new Error('no page');
    };
    await start(browser);
    expect(warnings()).toEqual(['Start-up did not finish; continuing']);
    expect(browser.events.at(-1)).toBe('render');
  });
});
