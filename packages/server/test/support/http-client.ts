/** A response read to the end: status, headers and the whole body. */
export interface HttpResponse {
  status: number;
  headers: Headers;
  body: Buffer;
  text(): string;
  json<T = Record<string, unknown>>(): T;
}

export interface RequestOptions {
  json?: unknown;
  body?: FormData;
  headers?: Record<string, string>;
  /** Send the X-XSRF-TOKEN header from the cookie, as the web app does (default true). */
  xsrf?: boolean;
  timeoutMs?: number;
}

const pathOf = (location: string) => {
  const url = new URL(location, 'http://node.invalid');
  return `${url.pathname}${url.search}`;
};

/**
 * A browser stand-in over real HTTP (TestClient's twin for server processes): keeps
 * cookies, sends the XSRF header, follows the built-in provider's login. Clients made
 * with at() share the cookie jar, so one browser can talk to several nodes.
 */
export class HttpClient {
  readonly base: string;
  readonly cookies: Map<string, string>;

  constructor(base: string, cookies = new Map<string, string>()) {
    this.base = base;
    this.cookies = cookies;
  }

  /** The same browser (same cookies), talking to another node. */
  at(base: string): HttpClient {
    return new HttpClient(base, this.cookies);
  }

  private remember(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const split = pair.indexOf('=');
      const name = pair.slice(0, split);
      const value = pair.slice(split + 1);
      const expired = attributes.some((attribute) => {
        const [key = '', setting = ''] = attribute.split('=');
        if (key.toLowerCase() === 'max-age') return Number(setting) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(setting).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(method: string, path: string, options: RequestOptions = {}) {
    const { xsrf = true, timeoutMs = 15_000 } = options;
    const token = this.cookies.get('XSRF-TOKEN');
    const headers: Record<string, string> = {
      ...(this.cookies.size
        ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
        : {}),
      ...(xsrf && token ? { 'x-xsrf-token': token } : {}),
      ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    };
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
      ...(options.body ? { body: options.body } : {}),
    });
    this.remember(response.headers);
    const body = Buffer.from(await response.arrayBuffer());
    const answer: HttpResponse = {
      status: response.status,
      headers: response.headers,
      body,
      text: () => body.toString('utf8'),
      json: <T>() => JSON.parse(body.toString('utf8')) as T,
    };
    return answer;
  }

  get(path: string, options?: RequestOptions) {
    return this.request('GET', path, options);
  }

  post(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request('POST', path, { ...options, json: json ?? {} });
  }

  delete(path: string) {
    return this.request('DELETE', path);
  }

  /** Uploads one file in the multipart field 'file'. */
  upload(path: string, fileName: string, content: Buffer, options: RequestOptions = {}) {
    const form = new FormData();
    form.append('file', new Blob([content]), fileName);
    return this.request('POST', path, { ...options, body: form });
  }

  /** Follows redirects on this node, as a browser behind one address would. */
  private async follow(first: HttpResponse, limit = 10) {
    let response = first;
    let lastPath = '';
    for (let hop = 0; hop < limit && response.status >= 300 && response.status < 400; hop += 1) {
      lastPath = pathOf(response.headers.get('location') ?? '/');
      response = await this.get(lastPath);
    }
    return { response, lastPath };
  }

  /** Logs in through the built-in provider, as TestClient.login does; throws when it fails. */
  async login(email: string, password: string): Promise<void> {
    const start = await this.get(`/api/esign/Users/ExternalLogin?r=${encodeURIComponent('/')}`);
    // The redirects end on the login form page, whose address names the interaction.
    const { lastPath: interaction } = await this.follow(start);
    const submitted = await this.post(`${new URL(interaction, 'http://x').pathname}/login`, {
      email,
      password,
    });
    if (submitted.status !== 200) throw new Error(`login refused: ${submitted.text()}`);
    let next = pathOf(submitted.json<{ location: string }>().location);
    for (let hop = 0; hop < 10; hop += 1) {
      const response = await this.get(next);
      if (response.status < 300 || response.status >= 400) break;
      next = pathOf(response.headers.get('location') ?? '/');
      if (!next.startsWith('/idp') && !next.startsWith('/api/esign/Users/callback')) break;
    }
    if (!this.cookies.has('XSRF-TOKEN')) await this.get('/api/esign/users/current');
  }
}
