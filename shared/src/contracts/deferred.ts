/**
 * A contract's schema built the first time something reads it, not when its module is imported.
 *
 * zod builds a schema and every part of it when its expression runs: the contracts' hundreds of
 * schemas cost the first load's main thread 15-30 ms at full speed (x4 on a phone) before the page
 * could answer, though the boot parses a handful of them. `deferred(() => z.object(...))` answers a
 * stand-in that builds the schema on its first use (a parse, `.optional()`, `instanceof`, being
 * read by a parent schema as it parses) and then forwards everything to it. It is the schema's own
 * type, so nothing that uses a contract changes.
 *
 * Only in a browser. zod's own closures hold the schema, not its stand-in, so a map keyed by schema
 * sees two objects for one contract: zod's JSON Schema conversion, which the API's reference runs
 * and the browser builds leave out (`build/zod-browser.ts`), failed on it. Elsewhere (the API,
 * scripts, tests in Node) a contract is built on import, as it always was.
 */
const DEFERS = 'document' in globalThis;

export function deferred<T extends object>(build: () => T): T {
  return DEFERS ? standIn(build) : build();
}

/** The stand-in `deferred` answers in a browser (exported for its test, which runs anywhere). */
export function standIn<T extends object>(build: () => T): T {
  let schema: T | undefined;
  const built = (): T => {
    schema ??= build();
    return schema;
  };
  // The proxy's own target holds nothing: every trap reads or writes the built schema. A property
  // defined non-configurable through the stand-in is mirrored on the target, and descriptors are
  // reported configurable, as a proxy's invariants require of properties its target lacks.
  const target = Object.create(null) as T;
  return new Proxy(target, {
    get: (_, key, receiver) => Reflect.get(built(), key, receiver),
    set: (_, key, value) => Reflect.set(built(), key, value),
    has: (_, key) => Reflect.has(built(), key),
    deleteProperty: (_, key) => Reflect.deleteProperty(built(), key),
    ownKeys: () => Reflect.ownKeys(built()),
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(built(), key);
      return descriptor && !Reflect.getOwnPropertyDescriptor(target, key)
        ? { ...descriptor, configurable: true }
        : descriptor;
    },
    defineProperty: (_, key, descriptor) => {
      const defined = Reflect.defineProperty(built(), key, descriptor);
      if (defined && descriptor.configurable === false) Reflect.defineProperty(target, key, descriptor);
      return defined;
    },
  });
}
