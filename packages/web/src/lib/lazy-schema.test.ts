import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

describe('a schema built when first used', () => {
  it('is built only when something reads it, and only once', () => {
    let builds = 0;
    const Name = lazySchema(() => {
      builds += 1;
      return z.string().trim().min(1);
    });
    expect(builds).toBe(0);
    expect(Name.parse('  Aino ')).toBe('Aino');
    expect(Name.safeParse('').success).toBe(false);
    expect(builds).toBe(1);
  });

  it('answers as the schema it stands for, to zod and to the code using it', () => {
    const Level = lazySchema(() => z.enum(['Low', 'Advanced', 'Qualified']));
    const Signer = lazySchema(() => z.object({ Name: z.string(), Level, Note: z.string() }));
    const Detail = lazySchema(() => Signer.extend({ Signed: z.boolean() }).partial({ Note: true }));

    expect(Level.options).toEqual(['Low', 'Advanced', 'Qualified']);
    expect(Level instanceof z.ZodEnum).toBe(true);
    expect('_zod' in Signer).toBe(true);
    expect(Object.keys(Signer.shape)).toEqual(['Name', 'Level', 'Note']);
    expect(Detail.parse({ Name: 'A', Level: 'Low', Signed: true })).toEqual({
      Name: 'A',
      Level: 'Low',
      Signed: true,
    });
    expect(Detail.safeParse({ Name: 'A', Level: 'High', Signed: true }).success).toBe(false);
    expect(Level.optional().parse(undefined)).toBeUndefined();
    expect(z.array(Level).parse(['Low'])).toEqual(['Low']);
    expect(z.toJSONSchema(Detail)).toEqual(
      z.toJSONSchema(
        z
          .object({ Name: z.string(), Level: z.enum(['Low', 'Advanced', 'Qualified']) })
          .extend({ Note: z.string().optional(), Signed: z.boolean() }),
      ),
    );
  });

  it('takes part in unions that pick their member by a field', () => {
    const BySsn = lazySchema(() => z.object({ Kind: z.literal('Ssn'), Value: z.string() }));
    const ByEmail = lazySchema(() => z.object({ Kind: z.literal('Email'), Value: z.email() }));
    const Query = lazySchema(() => z.discriminatedUnion('Kind', [BySsn, ByEmail]));
    expect(Query.parse({ Kind: 'Email', Value: 'a@example.com' })).toEqual({
      Kind: 'Email',
      Value: 'a@example.com',
    });
    expect(Query.safeParse({ Kind: 'Email', Value: 'not an address' }).success).toBe(false);
    expect(Query.safeParse({ Kind: 'Other', Value: 'x' }).success).toBe(false);
  });

  it('validates a form through the resolver as the schema itself does', async () => {
    const Comment = lazySchema(() =>
      z.object({ Comment: z.string().trim().min(1, 'signing.commentRequired') }),
    );
    const resolve = zodResolver(Comment);
    const options = { fields: {}, shouldUseNativeValidation: false };
    const refused = await resolve({ Comment: '  ' }, undefined, options);
    expect(refused.errors.Comment?.message).toBe('signing.commentRequired');
    const accepted = await resolve({ Comment: ' ok ' }, undefined, options);
    expect(accepted.values).toEqual({ Comment: 'ok' });
  });

  it('keeps its own properties as the schema has them', () => {
    const Flag = lazySchema(() => z.boolean());
    expect(Reflect.ownKeys(Flag)).toEqual(Reflect.ownKeys(z.boolean()));
    expect(Object.getOwnPropertyDescriptor(Flag, '_zod')?.enumerable).toBe(false);
    expect(Object.isExtensible(Flag)).toBe(true);
  });
});
