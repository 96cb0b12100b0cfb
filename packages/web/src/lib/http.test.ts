import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  fileNameFromDisposition,
  requestFile,
  requestJson,
  requestVoid,
  sendRequest,
} from './http.ts';

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body = '', headers: Record<string, string> = {}) {
  fetchMock.mockResolvedValueOnce(new Response(status === 204 ? null : body, { status, headers }));
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.catch((reason: unknown) => reason);
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

function sentInit(): RequestInit {
  const init = fetchMock.mock.calls[0]?.[1];
  if (init === undefined) throw new Error('fetch was not called');
  return init;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('location', { origin: 'http://portal.test' });
  vi.stubGlobal('document', { cookie: 'other=1; XSRF-TOKEN=token%2Fvalue' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the http client', () => {
  it('sends the XSRF cookie as a header, with credentials, no caching and a JSON body', async () => {
    answer(200, '{"ok":true}');
    await requestJson('/api/x', z.object({ ok: z.boolean() }), { method: 'POST', body: { a: 1 } });
    const init = sentInit();
    const headers = new Headers(init.headers);
    expect(headers.get('X-XSRF-TOKEN')).toBe('token/value');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.credentials).toBe('include');
    expect(init.cache).toBe('no-store');
    expect(init.body).toBe('{"a":1}');
  });

  it('sends the XSRF token on a GET only when the GET changes state', async () => {
    answer(200, '{}');
    await sendRequest('/api/esign/SignFlows/1');
    expect(new Headers(sentInit().headers).has('X-XSRF-TOKEN')).toBe(false);
    expect(sentInit().credentials).toBe('include');
    fetchMock.mockReset();
    answer(200, '{}');
    await sendRequest('/api/esign/SignFlows/1/check', { changesState: true });
    expect(new Headers(sentInit().headers).get('X-XSRF-TOKEN')).toBe('token/value');
  });

  it('keeps the XSRF token away from a foreign public URL', async () => {
    answer(200, '{}');
    await sendRequest('https://cdn.example.org/locales.json');
    expect(new Headers(sentInit().headers).has('X-XSRF-TOKEN')).toBe(false);
    expect(sentInit().credentials).toBe('same-origin');
  });

  it('returns the parsed answer of a 200 and nothing for a 204', async () => {
    answer(200, '"hello"');
    await expect(requestJson('/api/config/info', z.string())).resolves.toBe('hello');
    answer(204);
    await expect(requestVoid('/api/x', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it.each([201, 302, 400, 401, 403, 500, 503])(
    'turns a %i into the unexpected server error, with status, text and headers',
    async (status) => {
      answer(status, '{"status":500,"key":"errors.unexpected","message":"x"}', { 'X-Trace': 't1' });
      const error = await caught(sendRequest('/api/x'));
      expect(error.message).toBe('An unexpected server error occurred.');
      expect(error.key).toBe('errors.unexpected');
      expect(error.status).toBe(status);
      expect(error.responseText).toContain('errors.unexpected');
      expect(error.headers.get('X-Trace')).toBe('t1');
    },
  );

  it('says Not Found for a 404 only on calls flagged for it', async () => {
    answer(404, 'gone');
    const flagged = await caught(sendRequest('/api/x', { notFoundAsNotFound: true }));
    expect(flagged.message).toBe('Not Found');
    expect(flagged.key).toBe('errors.notFound');
    answer(404, 'gone');
    const unflagged = await caught(sendRequest('/api/x'));
    expect(unflagged.message).toBe('An unexpected server error occurred.');
  });

  it('accepts 206 for downloads but not for ordinary calls', async () => {
    answer(206, 'a;b', { 'Content-Disposition': 'attachment; filename="report.csv"' });
    const file = await requestFile('/api/file');
    expect(file.fileName).toBe('report.csv');
    expect(await file.blob.text()).toBe('a;b');
    answer(206, 'a;b');
    expect((await caught(sendRequest('/api/x'))).status).toBe(206);
  });

  it('reports an unreadable answer and a lost connection as the unexpected error', async () => {
    answer(200, 'not json');
    expect((await caught(requestJson('/api/x', z.string()))).key).toBe('errors.unexpected');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await caught(sendRequest('/api/x'))).status).toBe(0);
  });
});

describe('the content-disposition file name', () => {
  it('prefers the UTF-8 encoded name', () => {
    expect(
      fileNameFromDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''s%C3%A4hk%C3%B6.pdf`),
    ).toBe('sähkö.pdf');
    expect(fileNameFromDisposition('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameFromDisposition(null)).toBeUndefined();
  });
});
