import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { multipartFile } from './multipart.ts';

const pathOf = (location: string) => {
  const url = new URL(location, 'http://app.invalid');
  return `${url.pathname}${url.search}`;
};

/**
 * A browser stand-in over app.inject: keeps cookies, sends the X-XSRF-TOKEN header
 * the way the web app does, and can follow the built-in provider's login.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  private readonly app: FastifyInstance;
  private readonly remoteAddress: string | undefined;

  /** remoteAddress: the address the app sees this browser connect from (inject's 127.0.0.1). */
  constructor(app: FastifyInstance, options: { remoteAddress?: string } = {}) {
    this.app = app;
    this.remoteAddress = options.remoteAddress;
  }

  private remember(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      const expired =
        cookie.expires !== undefined && new Date(cookie.expires).getTime() <= Date.now();
      if (expired || cookie.maxAge === 0 || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  async request(options: InjectOptions & { xsrf?: boolean }): Promise<LightMyRequestResponse> {
    const { xsrf = true, ...rest } = options;
    const token = this.cookies.get('XSRF-TOKEN');
    const headers: Record<string, string> = {
      ...(this.cookies.size
        ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
        : {}),
      ...(xsrf && token ? { 'x-xsrf-token': token } : {}),
      ...(rest.headers as Record<string, string> | undefined),
    };
    const response = await this.app.inject({
      ...rest,
      headers,
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
    });
    this.remember(response);
    return response;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  /** Uploads one file in the multipart field 'file'. */
  upload(url: string, fileName: string, content: Buffer, contentType?: string) {
    const body = multipartFile(fileName, content, contentType);
    return this.request({ method: 'POST', url, payload: body.payload, headers: body.headers });
  }

  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }

  post(url: string, payload?: unknown) {
    return this.request({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  /** Follows redirects within the app, as a browser would; answers the last response. */
  async follow(first: LightMyRequestResponse, limit = 10): Promise<LightMyRequestResponse> {
    let response = first;
    for (
      let hop = 0;
      hop < limit && response.statusCode >= 300 && response.statusCode < 400;
      hop += 1
    ) {
      const location = new URL(String(response.headers.location), 'http://app.invalid');
      this.lastLocation = location.pathname;
      response = await this.get(`${location.pathname}${location.search}`);
    }
    return response;
  }

  /** Starts a login and follows it to the built-in provider's form; answers the form's address. */
  async openLoginForm(returnTo = '/') {
    const start = await this.get(
      `/api/esign/Users/ExternalLogin?r=${encodeURIComponent(returnTo)}`,
    );
    const form = await this.follow(start);
    // follow() ended on the web app's login form page; its address names the interaction.
    return { form, interaction: this.lastLocation };
  }

  /** Sends the e-mail address and password the way the login form does. */
  submitPassword(interaction: string, email: string, password: string) {
    return this.post(`${interaction}/login`, { email, password });
  }

  /** Logs in through the built-in provider; answers the login form's response and the final one. */
  async login(email: string, password: string, returnTo = '/') {
    const { form, interaction } = await this.openLoginForm(returnTo);
    const submitted = await this.submitPassword(interaction, email, password);
    if (submitted.statusCode !== 200) return { submitted, final: submitted, form };
    // Through the provider and the callback, up to the redirect into the portal itself.
    let final = await this.get(pathOf(submitted.json<{ location: string }>().location));
    while (final.statusCode >= 300 && final.statusCode < 400) {
      const next = pathOf(String(final.headers.location));
      if (!next.startsWith('/idp') && !next.startsWith('/api/esign/Users/callback')) break;
      final = await this.get(next);
    }
    return { submitted, final, form };
  }

  /** The path of the last redirect followed. */
  lastLocation = '';
}
