/**
 * A contract schema built the first time something reads it (build/lazy-schemas.ts puts the
 * contract's top-level zod schemas behind this in the web build). Every schema of a contract
 * module the first page needs would otherwise be built as the app's code starts, hundreds of
 * them, though a page parses a handful of answers: building them was the largest part of the
 * start-up's one long task.
 *
 * The stand-in forwards every operation to the schema, built once. Its target is an empty
 * object, never exposed: it only has to stay extensible and hold no properties of its own, so
 * that the proxy's answers about properties are always the schema's (with every property
 * reported configurable, which the proxy rules require of properties its target lacks).
 */
export function lazySchema<Schema extends object>(build: () => Schema): Schema {
  let built: Schema | undefined;
  const schema = (): Schema => (built ??= build());
  return new Proxy({} as Schema, {
    get: (_target, key) => Reflect.get(schema(), key),
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    has: (_target, key) => Reflect.has(schema(), key),
    deleteProperty: (_target, key) => Reflect.deleteProperty(schema(), key),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
    setPrototypeOf: () => false,
    preventExtensions: () => false,
    isExtensible: () => true,
  });
}
