import { request } from 'node:http';
import type { HttpClient } from './http-client.ts';
import { multipartFile } from './multipart.ts';

/** An upload whose body has only partly been sent: the server is in the middle of receiving it. */
export interface HeldUpload {
  /** Sends the rest of the body; answers the status. */
  finish(): Promise<number>;
  /** Resolves (never rejects) once the request ended, however it ended. */
  readonly ended: Promise<void>;
}

/**
 * Starts uploading `content` as the browser, sends the first `sentBytes` of the body and
 * holds the rest back: what a slow connection, or a node killed mid-upload, looks like.
 */
export function startHeldUpload(
  browser: HttpClient,
  path: string,
  fileName: string,
  content: Buffer,
  sentBytes: number,
): HeldUpload {
  const body = multipartFile(fileName, content, 'text/plain');
  const token = browser.cookies.get('XSRF-TOKEN') ?? '';
  const outgoing = request(`${browser.base}${path}`, {
    method: 'POST',
    headers: {
      ...body.headers,
      'content-length': String(body.payload.length),
      cookie: [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-xsrf-token': token,
    },
  });
  const answer = new Promise<number>((resolve, reject) => {
    outgoing.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.on('error', reject);
  });
  outgoing.write(body.payload.subarray(0, sentBytes));
  return {
    finish() {
      outgoing.end(body.payload.subarray(sentBytes));
      return answer;
    },
    ended: answer.then(
      () => undefined,
      () => undefined,
    ),
  };
}
