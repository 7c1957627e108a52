import { type AbortSignalLike, abortReasonText, FirstTouchError } from '@firsttouch/pose';

/** An `AbortSignal` as a batch listens to it (DOM and Node alike). */
interface EventSignal extends AbortSignalLike {
  addEventListener(type: 'abort', listener: () => void, options: { once: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * Listens for a batch's `signal` to abort, where it has `addEventListener` (the pool and the queue
 * client alike): returns what stops listening (each batch's listener goes when it settles: fifteen
 * batches on one controller warned of a leak), or undefined for a signal without events, which the
 * caller reads at every answer instead.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` naming `where` when `addEventListener` throws.
 */
export function listenForAbort(
  signal: AbortSignalLike | undefined,
  onAbort: () => void,
  where: string,
): (() => void) | undefined {
  if (signal === undefined || typeof (signal as Partial<EventSignal>).addEventListener !== 'function')
    return undefined;
  const events = signal as EventSignal;
  try {
    events.addEventListener('abort', onAbort, { once: true });
  } catch (e) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: signal.addEventListener threw: ${abortReasonText(e)}`,
    );
  }
  return () => {
    try {
      events.removeEventListener('abort', onAbort);
    } catch {
      // The caller's signal is the caller's: its error does not stop the batch settling.
    }
  };
}
