// The one place this process keeps what every copy of a module must share.
//
// Next.js bundles the instrumentation hook, each route handler and the pages
// apart, and each bundle carries its own copy of any module it imports: a
// module-level variable set in one bundle (start-up wiring the provider, the
// event bus a stream subscribes to) is not the one another bundle reads.
// globalThis is the only object every copy sees, so the shared state of the
// process hangs from one symbol on it, in one map, by name.
const REGISTRY = Symbol.for("contact-center.registry");

type Registry = Map<string, unknown>;

function registry(): Registry {
  const holder = globalThis as typeof globalThis & { [REGISTRY]?: Registry };
  return (holder[REGISTRY] ??= new Map());
}

/** The process's one `name`, made by `create` the first time any bundle asks. */
export function processSingleton<T>(name: string, create: () => T): T {
  const shared = registry();
  if (!shared.has(name)) shared.set(name, create());
  return shared.get(name) as T;
}

/** Puts what start-up wired under `name`, for every bundle (replacing what was there). */
export function provide<T>(name: string, value: T): void {
  registry().set(name, value);
}

/** What was provided under `name`, if anything was. */
export function provided<T>(name: string): T | undefined {
  return registry().get(name) as T | undefined;
}
