import { describe, expect, it } from 'vitest';
import { bulkMessageKey, csvTemplateOf } from './bulk-messages.ts';

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

describe('the CSV template', () => {
  it('is the roles’ headers in Finnish with semicolons and a BOM, as Excel in Finland reads it', async () => {
    const bytes = await bytesOf(csvTemplateOf(['Työntekijä'], 'fi'));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.subarray(3))).toBe(
      'Työntekijä: nimi;Työntekijä: sähköpostiosoite;Työntekijä: henkilötunnus;Allekirjoituspyynnön nimi;Viesti\r\n',
    );
  });

  it('uses commas in English and quotes a role name that holds one', async () => {
    const text = new TextDecoder().decode(await bytesOf(csvTemplateOf(['Head, HR'], 'en')));
    expect(text).toContain('"Head, HR: name","Head, HR: e-mail address"');
  });
});

describe('the message of a problem or a failed row', () => {
  const known = new Set(['validation.invalidSignerEmail', 'bulk.failures.interrupted']);
  const exists = (key: string) => known.has(key);

  it('is the key the server sent when the catalogue has it', () => {
    expect(bulkMessageKey('validation.invalidSignerEmail', exists, 'validation.invalidValue')).toBe(
      'validation.invalidSignerEmail',
    );
    expect(bulkMessageKey('bulk.failures.interrupted', exists, 'bulk.failures.sendFailed')).toBe(
      'bulk.failures.interrupted',
    );
  });

  it('falls back for a key the catalogue lacks or that is no message key at all', () => {
    expect(bulkMessageKey('validation.somethingNew', exists, 'validation.invalidValue')).toBe(
      'validation.invalidValue',
    );
    expect(bulkMessageKey('Error: boom', exists, 'bulk.failures.sendFailed')).toBe(
      'bulk.failures.sendFailed',
    );
  });
});
