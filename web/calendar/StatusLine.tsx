// The calendar's status, read out by screen readers: loading (with progress), how many events are shown, none, or why
// they could not be loaded.
import { fill, type Words } from '../../src/web/common/pageWords.ts';
import type { LoadFailure } from './eventLoader.ts';

export type LoadStatus =
  | { readonly kind: 'loading'; readonly loaded: number; readonly total?: number }
  | { readonly kind: 'done'; readonly total: number }
  | { readonly kind: 'failed'; readonly failure: LoadFailure };

export function StatusLine({
  status,
  words,
  onClear,
}: {
  readonly status: LoadStatus;
  readonly words: Words;
  readonly onClear: () => void;
}) {
  const state = stateOf(status);
  return (
    <div class={`calendar-status status-${state}`}>
      <p role="status">{text(status, words)}</p>
      {status.kind === 'failed' && status.failure === 'bad-filter' && (
        <button type="button" onClick={onClear}>
          {words.clearFilters}
        </button>
      )}
    </div>
  );
}

const stateOf = (status: LoadStatus) => (status.kind === 'done' && status.total === 0 ? 'empty' : status.kind);

/**
 * Marks the page at once (not after the next render) as loading, done, empty or failed, for scripts and tests, and
 * tells assistive technology whether the calendar is busy.
 */
export function markPage(status: LoadStatus): void {
  document.documentElement.dataset.calendar = stateOf(status);
  document.getElementById('calendar-app')?.setAttribute('aria-busy', String(status.kind === 'loading'));
}

function text(status: LoadStatus, words: Words): string {
  switch (status.kind) {
    case 'loading':
      return status.total === undefined
        ? words.loading
        : fill(words.loadingProgress, { loaded: status.loaded, total: status.total });
    case 'done':
      if (status.total === 0) return words.noEvents;
      return status.total === 1 ? words.loadedOne : fill(words.loaded, { total: status.total });
    case 'failed':
      return status.failure === 'bad-filter' ? words.badFilter : words.loadFailed;
  }
}
