import { describe, expect, it } from 'vitest';
import { limits } from '@esign/contract';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { draftBody } from './support/signing.ts';
import { useTestApp } from './support/test-app.ts';

const flows = '/api/esign/SignFlows';

/*
 * Uploads that arrive at once are checked where they are recorded, against the files as they
 * are then (the draft's row held by each upload in turn): the attachment limit and the rule of
 * one file per name hold however many come together.
 */
describe.each(databaseKinds)('uploads that arrive at once on %s', (kind) => {
  const context = useTestApp(kind);
  const draft = async () => {
    const browser = new TestClient(context.app);
    await browser.login('user@example.com', 'user-demo');
    const saved = await browser.post(flows, draftBody({ signers: [] }));
    expect(saved.statusCode, saved.body).toBe(200);
    return { browser, id: saved.json<{ Guid: string }>().Guid };
  };
  const attachmentsOf = async (id: string) =>
    context.database.handle.db
      .selectFrom('sign_flow_files')
      .select('file_name')
      .where('flow_id', '=', id)
      .where('kind', '=', 'attachment')
      .execute();

  it('sixty attachments uploaded at once keep exactly the limit, and the rest are refused with its message', async () => {
    const { browser, id } = await draft();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        browser.upload(
          `${flows}/${id}/attachment`,
          `liite-${index}.txt`,
          Buffer.from(`liite ${index}`),
        ),
      ),
    );
    const kept = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(kept).toHaveLength(limits.maxAttachments);
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ issues: [{ key: 'validation.tooManyAttachments' }] });
    }
    expect(await attachmentsOf(id)).toHaveLength(limits.maxAttachments);
  });

  it('five uploads of one name at once keep one file', async () => {
    const { browser, id } = await draft();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        browser.upload(`${flows}/${id}/attachment`, 'sama.txt', Buffer.from(`versio ${index}`)),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(await attachmentsOf(id)).toEqual([{ file_name: 'sama.txt' }]);
  });
});
