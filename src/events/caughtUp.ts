// Shared by the subscription adapters: calls `onCaughtUp` once delivery reaches the head seen at the start.

/** Returns `noteProgress(after)`, to be called with the last delivered position (undefined before any). */
export function caughtUpNotifier(
  headAtStart: bigint,
  onCaughtUp: (() => void) | undefined,
): (after: bigint | undefined) => void {
  let caughtUp = false;
  return (after) => {
    if (!caughtUp && (after ?? -1n) >= headAtStart) {
      caughtUp = true;
      onCaughtUp?.();
    }
  };
}
