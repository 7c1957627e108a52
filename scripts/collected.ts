// For the packages' tests that a body queried once can be collected: a collector the test can call,
// and the check itself.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// The flag is read when a context is made: the new context's `gc` collects the whole heap.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * Whether the object made by `make` is collected after `use` has run on it and it was dropped. The
 * WeakRef is made in a job of its own and read in later ones (a WeakRef keeps its target alive until
 * the end of the job that made or read it).
 */
export async function collected<T extends object>(make: () => T, use: (body: T) => void): Promise<boolean> {
  const ref = ((): WeakRef<T> => {
    const body = make();
    use(body);
    return new WeakRef(body);
  })();
  for (let round = 0; round < 8; round++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    if (ref.deref() === undefined) return true;
  }
  return false;
}
