import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as eager from '../../contract/src/index.ts';
import { lazySchemas } from '../build/lazy-schemas.ts';

const contract = fileURLToPath(new URL('../../contract/src/index.ts', import.meta.url));

/** The transform alone, on one module's code as the build hands it over (types stripped). */
async function transform(code: string, id = join(contract, '../sample.ts')) {
  const plugin = lazySchemas();
  const { parseAst } = await import('vite');
  const hook = plugin.transform as (
    this: { parse: (code: string, options?: { lang?: 'ts' }) => ReturnType<typeof parseAst> },
    code: string,
    id: string,
  ) => { code: string } | null;
  return hook.call({ parse: (input, options) => parseAst(input, options) }, code, id)?.code ?? code;
}

/**
 * What a schema is made of, as plain data: its definition with every schema in it described
 * the same way (through the stand-in where there is one) and functions only as such.
 */
function definition(value: unknown, seen = new Set<unknown>()): unknown {
  if (typeof value === 'function') return 'function';
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof RegExp) return String(value);
  if (Array.isArray(value)) return value.map((item) => definition(item, seen));
  const internals = (value as { _zod?: { def: object } })._zod;
  const target = internals ? internals.def : value;
  if (seen.has(target)) return 'seen';
  seen.add(target);
  return Object.fromEntries(
    Object.entries(target).map(([key, item]) => [key, definition(item, seen)]),
  );
}

describe("the web build's contract schemas, built when first used", () => {
  it('puts what is certainly a schema behind the stand-in, and nothing else', async () => {
    const code = await transform(
      [
        "import { z } from 'zod';",
        "export const Level = z.enum(['Low', 'High']);",
        'export const levels = Level.options;',
        'export const Signer = z.object({ Name: z.string().max(10), Level });',
        'export const Detail = Signer.extend({ Signed: z.boolean() });',
        'export const parsed = Level.parse("Low");',
        'export const limits = { name: 10 };',
        'export const pattern = new RegExp("a");',
        'const helper = (max) => z.string().max(max);',
        'export const Short = helper(3);',
        'let Later = z.string();',
      ].join('\n'),
    );
    const wrapped = [...code.matchAll(/(\w+) = __lazySchema\(/g)].map((match) => match[1]);
    expect(wrapped).toEqual(['Level', 'Signer', 'Detail']);
    expect(code).toContain('export const levels = Level.options;');
    expect(code).toContain('export const parsed = Level.parse("Low");');
  });

  it('leaves modules without zod, and modules outside the contract, as they are', async () => {
    expect(await transform('export const a = f(1);')).toBe('export const a = f(1);');
    const outside = "import { z } from 'zod';\nexport const A = z.string();";
    expect(await transform(outside, '/elsewhere/src/a.ts')).toBe(outside);
  });

  describe('the whole contract, built through the transform', () => {
    let dir: string;
    let lazy: Record<string, unknown>;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'esign-lazy-schemas-'));
      const entry = join(dir, 'entry.ts');
      writeFileSync(
        entry,
        `export * from ${JSON.stringify(contract)};\nexport { z as zod } from 'zod';\n`,
      );
      await build({
        input: entry,
        plugins: [lazySchemas()],
        output: { file: join(dir, 'contract.mjs'), format: 'esm' },
        logLevel: 'silent',
      });
      lazy = (await import(pathToFileURL(join(dir, 'contract.mjs')).href)) as Record<
        string,
        unknown
      >;
    }, 60_000);
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('exports the same names, and every schema describes the same data', () => {
      expect(
        Object.keys(lazy)
          .filter((name) => name !== 'zod')
          .sort(),
      ).toEqual(Object.keys(eager).sort());
      const lazyZod = lazy.zod as typeof z;
      let schemas = 0;
      for (const [name, value] of Object.entries(eager)) {
        if (!(value instanceof z.ZodType)) continue;
        schemas += 1;
        const other = lazy[name];
        expect(other instanceof lazyZod.ZodType, name).toBe(true);
        expect(definition(other), name).toEqual(definition(value));
      }
      expect(schemas).toBeGreaterThan(100);
    });
  });
});
