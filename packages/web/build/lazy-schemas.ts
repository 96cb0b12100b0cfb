import { resolve, sep } from 'node:path';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** The helper the rewritten modules import (src/lib/lazy-schema.ts). */
const helper = resolve(import.meta.dirname, '../src/lib/lazy-schema.ts');
const contractSources = resolve(import.meta.dirname, '../../contract/src') + sep;

/** Calls at the end of a chain that answer something other than a schema. */
const notSchemaMethods = new Set([
  'parse',
  'safeParse',
  'parseAsync',
  'safeParseAsync',
  'decode',
  'encode',
  'toJSONSchema',
  'isOptional',
  'isNullable',
]);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** The identifier a chain of calls and property reads starts from (`z` in z.string().max(3)). */
function chainRoot(node: Node): string | undefined {
  let current: Node | undefined = node;
  while (current) {
    if (current.type === 'Identifier') return current.name as string;
    if (current.type === 'CallExpression') current = current.callee as Node;
    else if (current.type === 'MemberExpression') current = current.object as Node;
    else if (current.type === 'ParenthesizedExpression') current = current.expression as Node;
    else return undefined;
  }
  return undefined;
}

/** The method a call chain ends with (`max` in z.string().max(3)). */
function lastMethod(call: Node): string | undefined {
  const callee = call.callee as Node;
  if (callee.type !== 'MemberExpression' || callee.computed) return undefined;
  const property = callee.property as Node;
  return property.type === 'Identifier' ? (property.name as string) : undefined;
}

/**
 * The zod namespaces a module imports (`import { z } from 'zod'`, `import * as z from 'zod'`).
 */
function zodNames(program: Node): Set<string> {
  const names = new Set<string>();
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'ImportDeclaration') continue;
    if ((statement.source as Node).value !== 'zod') continue;
    for (const specifier of statement.specifiers as Node[]) {
      const local = (specifier.local as Node).name as string;
      if (specifier.type === 'ImportNamespaceSpecifier') names.add(local);
      else if (
        specifier.type === 'ImportSpecifier' &&
        ((specifier.imported as Node).name as string) === 'z'
      )
        names.add(local);
    }
  }
  return names;
}

/**
 * The web build's contract schemas, built when first used (src/lib/lazy-schema.ts says why).
 *
 * In each module of packages/contract/src, a top-level `const` whose value is a call chain
 * starting from zod (`z.object(…)`, `z.string().max(…)`) or from a schema rewritten before it
 * in the module (`SignFlow.extend(…)`) becomes `lazySchema(() => …)`. Anything else (plain
 * objects, helpers, values read off a schema such as `Enum.options`) is left as it is: only
 * what is certainly a schema is put behind the stand-in. The server and the tests use the
 * contract as written.
 */
export function lazySchemas(): Plugin {
  return {
    name: 'esign-lazy-schemas',
    apply: 'build',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!file.startsWith(contractSources) || /\.test\.tsx?$/.test(file)) return null;
      // TypeScript as written (a plain Rolldown build) or with its types stripped (Vite's).
      const program = this.parse(code, { lang: 'ts' }) as unknown as Node;
      const zod = zodNames(program);
      if (zod.size === 0) return null;
      const schemas = new Set<string>();
      const output = new MagicString(code);
      for (const statement of program.body as Node[]) {
        const declaration =
          statement.type === 'ExportNamedDeclaration'
            ? (statement.declaration as Node | null)
            : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const declarator of declaration.declarations as Node[]) {
          const init = declarator.init as Node | null;
          const name = (declarator.id as Node).name as string | undefined;
          if (!init || !name || init.type !== 'CallExpression') continue;
          const root = chainRoot(init);
          if (root === undefined || !(zod.has(root) || schemas.has(root))) continue;
          if (notSchemaMethods.has(lastMethod(init) ?? '')) continue;
          schemas.add(name);
          output.appendLeft(init.start, '__lazySchema(() => ');
          output.appendRight(init.end, ')');
        }
      }
      if (schemas.size === 0) return null;
      output.prepend(`import { lazySchema as __lazySchema } from ${JSON.stringify(helper)};\n`);
      return { code: output.toString(), map: output.generateMap({ hires: true, source: id }) };
    },
  };
}
