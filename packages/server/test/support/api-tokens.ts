import type { ApiTokenScope, CreatedApiToken } from '@esign/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { TestClient } from './client.ts';

export const apiTokensPath = '/api/esign/ApiTokens';

/** Creates a token as the signed-in browser; answers the creation's answer. */
export async function createTokenAs(
  browser: TestClient,
  scopes: ApiTokenScope[],
  options: { name?: string; days?: number } = {},
): Promise<CreatedApiToken> {
  const response = await browser.post(apiTokensPath, {
    Name: options.name ?? 'HR-järjestelmä',
    ExpiresInDays: options.days ?? 90,
    Scopes: scopes,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** An integration's call: the token in the Authorization header, no cookies, no XSRF header. */
export function bearerCall(
  app: FastifyInstance,
  token: string,
  options: InjectOptions & { remoteAddress?: string },
) {
  return app.inject({
    ...options,
    headers: { ...(options.headers as Record<string, string>), authorization: `Bearer ${token}` },
  });
}
