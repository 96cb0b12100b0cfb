import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/** What an account at the external provider says about its user (besides `sub`). */
export interface ExternalAccountClaims {
  email: string;
  name: string;
  title: string;
  organisation: string;
  groups: string[];
}

export interface ExternalProviderOptions {
  clientId: string;
  clientSecret: string;
  /** The portal's PUBLIC_URL: the callback and the logged-out page hang off it. */
  portalUrl: string;
  /** Account id (what the dev login form's "login" field takes) → claims. */
  accounts: Record<string, ExternalAccountClaims>;
}

export interface ExternalProvider {
  issuer: string;
  close(): Promise<void>;
}

/**
 * A separate OpenID Connect provider on its own port, as an organisation's identity
 * provider would be: oidc-provider with its development login and consent forms, a
 * confidential client for the portal, and default ID-token claims (profile claims
 * come only from userinfo).
 */
export async function startExternalProvider(
  options: ExternalProviderOptions,
): Promise<ExternalProvider> {
  // The issuer names the port, so the port is taken before the provider exists.
  let handle: RequestListener = (_request, response) => response.writeHead(503).end();
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [new URL('api/esign/Users/callback', options.portalUrl).href],
        post_logout_redirect_uris: [new URL('logout', options.portalUrl).href],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [{ ...signingKey.export({ format: 'jwk' }), alg: 'RS256', use: 'sig' }] },
    scopes: ['openid', 'email', 'profile', 'groups'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'title', 'organisation'],
      groups: ['groups'],
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 3600,
      Interaction: 600,
      Session: 3600,
    },
    features: {
      devInteractions: { enabled: true },
      rpInitiatedLogout: { enabled: true },
    },
    findAccount(_context, sub) {
      const claims = options.accounts[sub];
      if (!claims) return undefined;
      return { accountId: sub, claims: () => ({ sub, email_verified: true, ...claims }) };
    },
  };
  const provider = new Provider(issuer, configuration);
  handle = provider.callback();

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

const formOf = (html: string) => {
  const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form?.[1] || form[2] === undefined) throw new Error(`no form in ${html}`);
  const hidden = [...form[2].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)];
  return {
    action: form[1].replaceAll('&amp;', '&'),
    fields: Object.fromEntries(hidden.map(([, name = '', value = '']) => [name, value])),
  };
};

/**
 * A browser at the external provider, over real HTTP: keeps the provider's cookies and
 * fills in its development login and consent forms.
 */
export class ProviderBrowser {
  private readonly cookies = new Map<string, string>();

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        ...(this.cookies.size
          ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
          : {}),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const [name, value] = [pair.slice(0, separator), pair.slice(separator + 1)];
      const expired = attributes.some((attribute) => {
        const [key = '', setting = ''] = attribute.split('=');
        return (
          (key.toLowerCase() === 'expires' && new Date(setting).getTime() <= Date.now()) ||
          (key.toLowerCase() === 'max-age' && Number(setting) <= 0)
        );
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows the provider's redirects until one leaves it or a page is shown. */
  async follow(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    let response = await this.request(url, init);
    let current = new URL(url);
    while (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location') ?? '', current);
      if (next.origin !== current.origin) return { location: next, response };
      await response.body?.cancel();
      current = next;
      response = await this.request(next.href);
    }
    return { location: current, response };
  }

  /** Submits the page's form (with its hidden fields and the given ones) and follows on. */
  async submit(page: { location: URL; response: Response }, fields: Record<string, string> = {}) {
    const form = formOf(await page.response.text());
    return this.follow(new URL(form.action, page.location).href, {
      method: 'POST',
      form: { ...form.fields, ...fields },
    });
  }

  /**
   * Logs in as the account and consents, starting from the portal's redirect to the
   * provider; answers the address the provider sends the browser back to.
   */
  async logIn(authorizationUrl: string, account: string): Promise<URL> {
    const loginForm = await this.follow(authorizationUrl);
    const consentForm = await this.submit(loginForm, { login: account, password: 'x' });
    const backToPortal = await this.submit(consentForm);
    if (backToPortal.response.status < 300 || backToPortal.response.status >= 400) {
      throw new Error(
        `the provider did not send the browser back: ${backToPortal.response.status}`,
      );
    }
    return backToPortal.location;
  }
}
