/**
 * A module fetched and run only when first needed, once. Forms load their contracts checks this way (zod and the
 * schemas are a quarter of a form page's script): the page shows without them, `preload` starts them when the
 * person first reaches the form, and `load` (on submit) waits for them if they are not in yet.
 */
export interface LazyModule<T> {
  load: () => Promise<T>;
  /** Starts loading; a failure is left to the next `load`, which tries again. */
  preload: () => void;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let pending: Promise<T> | null = null;
  const load = () => {
    pending ??= importer().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  return { load, preload: () => void load().catch(() => undefined) };
}
