import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** The helper the rewritten modules import (src/lib/lazy-schema.ts). */
const helper = resolve(import.meta.dirname, '../src/lib/lazy-schema.ts');
const contractSources = resolve(import.meta.dirname, '../../contract/src');

/**
 * zod's calls that answer a schema: its functions (`z.object(…)`, `z.iso.datetime(…)`) and a
 * schema's methods (`.max(…)`, `.extend(…)`). A chain is a schema only when every call in it is
 * one of these: `Enum.options.map(…)`, `Schema.parse(…).trim()` or `z.config(…)` are not.
 */
const schemaCalls = new Set([
  // functions of the zod namespace
  'any',
  'array',
  'base64',
  'bigint',
  'boolean',
  'custom',
  'date',
  'datetime',
  'discriminatedUnion',
  'duration',
  'email',
  'enum',
  'guid',
  'instanceof',
  'int',
  'intersection',
  'ipv4',
  'ipv6',
  'lazy',
  'literal',
  'looseObject',
  'map',
  'nan',
  'nativeEnum',
  'never',
  'null',
  'nullable',
  'nullish',
  'number',
  'object',
  'optional',
  'partialRecord',
  'record',
  'set',
  'strictObject',
  'string',
  'stringbool',
  'templateLiteral',
  'time',
  'tuple',
  'undefined',
  'union',
  'unknown',
  'url',
  'uuid',
  'void',
  // methods of a schema
  'and',
  'brand',
  'catch',
  'catchall',
  'check',
  'default',
  'element',
  'endsWith',
  'exclude',
  'extend',
  'extract',
  'finite',
  'gt',
  'gte',
  'includes',
  'keyof',
  'length',
  'lowercase',
  'lt',
  'lte',
  'max',
  'merge',
  'min',
  'multipleOf',
  'negative',
  'nonempty',
  'nonnegative',
  'nonoptional',
  'nonpositive',
  'normalize',
  'omit',
  'or',
  'overwrite',
  'partial',
  'passthrough',
  'pick',
  'pipe',
  'positive',
  'prefault',
  'readonly',
  'refine',
  'regex',
  'required',
  'safe',
  'safeExtend',
  'startsWith',
  'step',
  'strict',
  'strip',
  'superRefine',
  'toLowerCase',
  'toUpperCase',
  'transform',
  'trim',
  'unwrap',
  'uppercase',
  'with',
]);

/** Namespaces of zod read on the way to a function: `z.iso.datetime()`, `z.coerce.number()`. */
const zodNamespaces = new Set(['iso', 'coerce']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/**
 * The identifier a chain of schema calls starts from (`z` in z.string().max(3), `Base` in
 * Base.extend({…})), or undefined when anything in the chain is not one of zod's schema calls.
 */
function schemaChainRoot(node: Node): string | undefined {
  let current = node;
  if (current.type !== 'CallExpression') return undefined;
  for (;;) {
    if (current.type === 'CallExpression') {
      const callee = current.callee as Node;
      if (callee.type !== 'MemberExpression' || callee.computed) return undefined;
      const method = (callee.property as Node).name as string | undefined;
      if (method === undefined || !schemaCalls.has(method)) return undefined;
      current = callee.object as Node;
    } else if (current.type === 'MemberExpression') {
      const property = (current.property as Node).name as string | undefined;
      if (current.computed || property === undefined || !zodNamespaces.has(property))
        return undefined;
      current = current.object as Node;
    } else if (current.type === 'Identifier') {
      return current.name as string;
    } else {
      return undefined;
    }
  }
}

/** A module's top-level `const name = init` declarations, exported or not. */
function* topLevelConsts(
  program: Node,
): Generator<{ name: string; init: Node; exported: boolean }> {
  for (const statement of program.body as Node[]) {
    const exported = statement.type === 'ExportNamedDeclaration';
    const declaration = exported ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const name = (declarator.id as Node).name as string | undefined;
      const init = declarator.init as Node | null;
      if (name !== undefined && init !== null) yield { name, init, exported };
    }
  }
}

interface ModuleShape {
  /** Local names bound to zod's namespace. */
  zod: Set<string>;
  /** Local name → [the contract module it comes from, the name it has there]. */
  imports: Map<string, [string, string]>;
  /** Top-level consts: name → the root of its schema chain (when it is one). */
  roots: Map<string, string>;
  /** Exported name → local name. */
  exports: Map<string, string>;
}

function shapeOf(program: Node, file: string): ModuleShape {
  const shape: ModuleShape = {
    zod: new Set(),
    imports: new Map(),
    roots: new Map(),
    exports: new Map(),
  };
  for (const statement of program.body as Node[]) {
    if (statement.type === 'ImportDeclaration') {
      const source = (statement.source as Node).value as string;
      for (const specifier of statement.specifiers as Node[]) {
        const local = (specifier.local as Node).name as string;
        const imported =
          specifier.type === 'ImportSpecifier'
            ? ((specifier.imported as Node).name as string)
            : undefined;
        if (source === 'zod') {
          if (specifier.type === 'ImportNamespaceSpecifier' || imported === 'z')
            shape.zod.add(local);
        } else if (source.startsWith('.') && imported !== undefined) {
          shape.imports.set(local, [resolve(dirname(file), source), imported]);
        }
      }
      continue;
    }
    if (statement.type === 'ExportNamedDeclaration' && statement.declaration === null) {
      for (const specifier of statement.specifiers as Node[])
        shape.exports.set(
          (specifier.exported as Node).name as string,
          (specifier.local as Node).name as string,
        );
    }
  }
  for (const { name, init, exported } of topLevelConsts(program)) {
    if (exported) shape.exports.set(name, name);
    const root = schemaChainRoot(init);
    if (root !== undefined) shape.roots.set(name, root);
  }
  return shape;
}

/**
 * The names each contract module binds to a schema, across modules (a schema extending one
 * imported from another module is one too): grown until nothing more is found.
 */
function schemaNames(shapes: Map<string, ModuleShape>): Map<string, Set<string>> {
  const names = new Map([...shapes.keys()].map((file) => [file, new Set<string>()]));
  const isSchema = (file: string, local: string, depth = 0): boolean => {
    const shape = shapes.get(file);
    if (!shape || depth > shapes.size) return false;
    if (shape.zod.has(local) || names.get(file)?.has(local)) return true;
    const imported = shape.imports.get(local);
    if (imported === undefined) return false;
    const [source, name] = imported;
    const exporter = shapes.get(source);
    return (
      exporter !== undefined && isSchema(source, exporter.exports.get(name) ?? name, depth + 1)
    );
  };
  for (let grown = true; grown;) {
    grown = false;
    for (const [file, shape] of shapes) {
      const found = names.get(file) ?? new Set<string>();
      for (const [name, root] of shape.roots) {
        if (!found.has(name) && isSchema(file, root)) {
          found.add(name);
          grown = true;
        }
      }
    }
  }
  return names;
}

function* contractFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* contractFiles(path);
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) yield path;
  }
}

/**
 * The web build's contract schemas, built when first used (src/lib/lazy-schema.ts says why).
 *
 * In each module of packages/contract/src, a top-level `const` whose value is a chain of zod's
 * schema calls starting from zod (`z.object(…)`, `z.string().max(…)`) or from another schema
 * of the contract (`SignFlow.extend(…)`, from this module or an imported one) becomes
 * `lazySchema(() => …)`, marked pure so that a schema no screen uses is left out of the build.
 * Anything else (plain objects, helpers, values read off a schema such as `Enum.options`) is
 * left as it is. The server and the tests use the contract as written.
 */
export function lazySchemas({ sources = contractSources }: { sources?: string } = {}): Plugin {
  const root = resolve(sources) + sep;
  let schemas = new Map<string, Set<string>>();
  return {
    name: 'esign-lazy-schemas',
    apply: 'build',
    buildStart() {
      const shapes = new Map<string, ModuleShape>();
      for (const file of contractFiles(root)) {
        // TypeScript as written: the whole contract is read before any module is transformed.
        const program = this.parse(readFileSync(file, 'utf8'), { lang: 'ts' }) as unknown as Node;
        shapes.set(file, shapeOf(program, file));
      }
      schemas = schemaNames(shapes);
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      const names = schemas.get(file);
      if (!file.startsWith(root) || names === undefined || names.size === 0) return null;
      // TypeScript as written (a plain Rolldown build) or with its types stripped (Vite's).
      const program = this.parse(code, { lang: 'ts' }) as unknown as Node;
      const output = new MagicString(code);
      let wrapped = 0;
      for (const { name, init } of topLevelConsts(program)) {
        if (!names.has(name)) continue;
        wrapped += 1;
        output.appendLeft(init.start, '/* @__PURE__ */ __lazySchema(() => ');
        output.appendRight(init.end, ')');
      }
      if (wrapped === 0) return null;
      output.prepend(`import { lazySchema as __lazySchema } from ${JSON.stringify(helper)};\n`);
      return { code: output.toString(), map: output.generateMap({ hires: true, source: id }) };
    },
  };
}
