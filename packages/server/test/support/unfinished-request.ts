import { request } from 'node:http';

export interface EarlyAnswer {
  status: number;
  body: string;
}

/**
 * Sends the start of a request over a real socket and never finishes it: answers the response
 * when the server gives one before the body is complete, or null when it is still waiting for
 * more after `waitMs` (what a server that reads, or buffers, the whole body does).
 */
export function sendUnfinished(
  url: string,
  options: { method?: string; headers: Record<string, string>; chunks: Buffer[]; waitMs?: number },
): Promise<EarlyAnswer | null> {
  const { method = 'POST', headers, chunks, waitMs = 3_000 } = options;
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers });
    const timer = setTimeout(() => {
      outgoing.destroy();
      resolve(null);
    }, waitMs);
    let answer: EarlyAnswer | null = null;
    const parts: Buffer[] = [];
    const settle = () => {
      clearTimeout(timer);
      outgoing.destroy();
      if (answer) resolve({ ...answer, body: Buffer.concat(parts).toString('utf8') });
    };
    outgoing.on('response', (response) => {
      answer = { status: response.statusCode ?? 0, body: '' };
      response.on('data', (chunk: Buffer) => parts.push(chunk));
      response.on('end', settle);
      response.on('error', settle);
    });
    // A server that answers early may close the socket under the unsent rest of the body.
    outgoing.on('error', (error) => {
      if (answer) return settle();
      clearTimeout(timer);
      reject(error);
    });
    for (const chunk of chunks) outgoing.write(chunk);
    // No end(): the rest of the body never comes.
  });
}
