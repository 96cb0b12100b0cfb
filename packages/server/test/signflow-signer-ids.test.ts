import { describe, expect, it } from 'vitest';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { draftBody } from './support/signing.ts';
import { useTestApp } from './support/test-app.ts';

const flows = '/api/esign/SignFlows';

interface Saved {
  Guid: string;
  Signers: Array<{ Guid: string; Name: string; Email: string }>;
}

describe.each(databaseKinds)('signer Guids a client sends on %s', (kind) => {
  const context = useTestApp(kind);
  const signedIn = async () => {
    const browser = new TestClient(context.app);
    await browser.login('user@example.com', 'user-demo');
    return browser;
  };

  it("keeps a signer's Guid across saves, and gives a new one to another flow's, a made-up or a repeated Guid", async () => {
    const browser = await signedIn();
    const save = async (body: object) => {
      const saved = await browser.post(flows, body);
      expect(saved.statusCode, saved.body).toBe(200);
      return saved.json<Saved>();
    };
    const first = await save(draftBody({ signers: [{ Name: 'Aino', Email: 'aino@example.com' }] }));
    const second = await save(
      draftBody({ signers: [{ Name: 'Bertta', Email: 'bertta@example.com' }] }),
    );
    const aino = first.Signers[0]?.Guid ?? '';
    const bertta = second.Signers[0]?.Guid ?? '';

    // The second draft saved with the first draft's signer Guid, a 64-character one and a repeat.
    const again = await save({
      ...draftBody({ signers: [] }),
      Guid: second.Guid,
      Signers: [
        { Guid: bertta, Name: 'Bertta Korjattu', Email: 'bertta@example.com' },
        { Guid: aino, Name: 'Vieras', Email: 'vieras@example.com' },
        { Guid: 'x'.repeat(64), Name: 'Pitkä', Email: 'pitka@example.com' },
        { Guid: bertta, Name: 'Toisto', Email: 'toisto@example.com' },
      ],
    });
    const ids = again.Signers.map((signer) => signer.Guid);
    expect(ids[0]).toBe(bertta);
    expect(new Set(ids).size).toBe(4);
    expect(ids.slice(1)).not.toContain(aino);
    expect(ids.slice(1).every((id) => /^[0-9a-f-]{36}$/.test(id))).toBe(true);

    // The first draft's signer is untouched.
    const firstNow = (await browser.get(`${flows}/${first.Guid}`)).json<Saved>();
    expect(firstNow.Signers).toMatchObject([
      { Guid: aino, Name: 'Aino', Email: 'aino@example.com' },
    ]);
  });
});
