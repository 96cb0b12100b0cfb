import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'rolldown';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as eager from '../../contract/src/index.ts';
import { lazySchemas } from '../build/lazy-schemas.ts';

const contract = fileURLToPath(new URL('../../contract/src', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/**
 * Bundles `entry` of a contract in `sources` through the transform, as the web build does
 * (Rolldown, the bundler Vite builds with), and loads it: the code and its exports.
 */
async function bundle(sources: string, entry: string) {
  const dir = mkdtempSync(join(tmpdir(), 'esign-lazy-schemas-'));
  dirs.push(dir);
  const main = join(dir, 'entry.ts');
  writeFileSync(main, `${entry}\nexport { z as zod } from 'zod';\n`);
  const output = join(dir, 'bundle.mjs');
  await build({
    input: main,
    plugins: [lazySchemas({ sources })],
    output: { file: output, format: 'esm' },
    logLevel: 'silent',
  });
  const module = (await import(pathToFileURL(output).href)) as Record<string, unknown>;
  return { code: readFileSync(output, 'utf8'), exports: module };
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

/** Whether a value is one of the transform's stand-ins: only through one is `_zod` configurable. */
const isStandIn = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  Object.getOwnPropertyDescriptor(value, '_zod')?.configurable === true;

describe("the web build's contract schemas, built when first used", () => {
  it('puts the chains of schema calls behind the stand-in, across modules, and nothing else', async () => {
    const sources = mkdtempSync(join(tmpdir(), 'esign-lazy-contract-'));
    dirs.push(sources);
    mkdirSync(join(sources, 'sub'));
    writeFileSync(
      join(sources, 'base.ts'),
      [
        "import { z } from 'zod';",
        "export const Level = z.enum(['Low', 'High']);",
        'export const levels = Level.options;',
        'export const upper = Level.options.map((level) => level.toUpperCase());',
        'export const Signer = z.object({ Name: z.string().trim().max(10), Level });',
        'export const parsed = Level.parse("Low");',
        'export const limits = { name: 10 } as const;',
        'export const pattern = new RegExp("a");',
        'const helper = (max: number) => z.string().max(max);',
        'export const Short = helper(3);',
        'export const When = z.iso.datetime({ offset: true });',
      ].join('\n'),
    );
    writeFileSync(
      join(sources, 'sub', 'detail.ts'),
      [
        "import { z } from 'zod';",
        "import { Signer as Base } from '../base.ts';",
        'export const Detail = Base.extend({ Signed: z.boolean() }).partial();',
        'export const Unused = z.object({ Never: z.string() });',
      ].join('\n'),
    );
    const { code, exports } = await bundle(
      sources,
      [
        `export * from ${JSON.stringify(join(sources, 'base.ts'))};`,
        `export { Detail } from ${JSON.stringify(join(sources, 'sub', 'detail.ts'))};`,
      ].join('\n'),
    );
    const standIns = Object.keys(exports).filter((name) => isStandIn(exports[name]));
    expect(standIns.sort()).toEqual(['Detail', 'Level', 'Signer', 'When']);
    expect(exports.levels).toEqual(['Low', 'High']);
    expect(Array.isArray(exports.upper)).toBe(true);
    expect(exports.parsed).toBe('Low');
    expect(exports.limits).toEqual({ name: 10 });
    expect(exports.pattern).toBeInstanceOf(RegExp);
    expect((exports.Short as z.ZodString).parse('abc')).toBe('abc');
    expect((exports.Detail as z.ZodType).parse({ Name: ' A ', Signed: true })).toEqual({
      Name: 'A',
      Signed: true,
    });
    // A schema nothing imports is left out of the build (the stand-in is pure).
    expect(code).not.toContain('Never');
  });

  it('builds the whole contract as the contract itself describes it', async () => {
    const { exports: lazy } = await bundle(
      contract,
      `export * from ${JSON.stringify(join(contract, 'index.ts'))};`,
    );
    const names = Object.keys(lazy).filter((name) => name !== 'zod');
    expect(names.sort()).toEqual(Object.keys(eager).sort());
    const lazyZod = lazy.zod as typeof z;
    let standIns = 0;
    for (const [name, value] of Object.entries(eager)) {
      const other = lazy[name];
      if (value instanceof z.ZodType) {
        expect(other instanceof lazyZod.ZodType, name).toBe(true);
        expect(definition(other), name).toEqual(definition(value));
        if (isStandIn(other)) standIns += 1;
      } else {
        // Plain values, helpers and lists stay exactly what they are.
        expect(isStandIn(other), name).toBe(false);
        expect(Array.isArray(other), name).toBe(Array.isArray(value));
        expect(typeof other, name).toBe(typeof value);
        expect(definition(other), name).toEqual(definition(value));
      }
    }
    // Every exported schema is one today (122); one made by a helper function would not be.
    expect(standIns).toBeGreaterThan(100);
  }, 60_000);
});
