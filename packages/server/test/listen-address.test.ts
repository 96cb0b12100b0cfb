import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startNode, type NodeProcess } from './support/node-process.ts';
import { createWebDist } from './support/test-app.ts';

describe('where the demo listens', () => {
  let node: NodeProcess | undefined;
  afterAll(async () => {
    await node?.stop();
  });

  it('keeps the demo, whose login page lists its passwords, off the network when HOST is not set, and says so', async () => {
    node = await startNode('demo', {
      NODE_ENV: 'development',
      HOST: '', // unset, as in `npm start` without a .env
      LOG_LEVEL: 'info',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'esign-demo-host-')),
      WEB_DIST_DIR: createWebDist(),
    });
    const lines = node
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string });
    const messages = lines.map((line) => line.msg);
    expect(messages.filter((msg) => msg.startsWith('Server listening at'))).toEqual([
      expect.stringMatching(/^Server listening at http:\/\/127\.0\.0\.1:\d+$/),
    ]);
    expect(messages).toContainEqual(
      expect.stringMatching(/^Demo profile: listening on 127\.0\.0\.1 only.*HOST=0\.0\.0\.0/),
    );
  });
});
