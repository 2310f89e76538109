// Specifies the summary `cal import` prints at the end (docs/migration.md): every result counted, in total and per
// kind, with the failures, the protected items and the ids that changed; a matched term is no changed id.
import { expect } from 'chai';
import { summaryCollector, summaryLines } from '../../src/cli/import/importProgress.ts';

describe('import summary', () => {
  it('counts created, updated, matched, trashed, unchanged and failed items, in total and per kind', () => {
    const collector = summaryCollector('https://old.example.org/api', false);
    collector.add({ kind: 'event', sourceId: 7, targetId: 7, result: 'created' });
    collector.add({ kind: 'event', sourceId: 8, targetId: 30, result: 'created' });
    collector.add({ kind: 'event', sourceId: 9, targetId: 9, result: 'trashed' });
    collector.add({ kind: 'venue', sourceId: 2, result: 'failed', reason: 'password-protected: sign in' });
    collector.add({ kind: 'category', sourceId: 3, targetId: 12, result: 'matched' });
    collector.add({ kind: 'tag', sourceId: 4, targetId: 4, result: 'unchanged' });
    const summary = collector.summary(3, 1.25);
    expect(summary.counts).to.deep.equal({ created: 2, updated: 0, matched: 1, trashed: 1, unchanged: 1, failed: 1 });
    expect(summary.remapped).to.deep.equal([{ kind: 'event', sourceId: 8, targetId: 30 }]);
    expect(summaryLines(summary)).to.deep.equal([
      'Imported from https://old.example.org/api in 1.3 s: 2 created, 0 updated, 1 matched, 1 trashed, 1 unchanged, ' +
        '1 failed (3 requests retried).',
      '  venue: 0 created, 0 updated, 0 matched, 0 trashed, 0 unchanged, 1 failed',
      '  organizer: 0 created, 0 updated, 0 matched, 0 trashed, 0 unchanged, 0 failed',
      '  category: 0 created, 0 updated, 1 matched, 0 trashed, 0 unchanged, 0 failed',
      '  tag: 0 created, 0 updated, 0 matched, 0 trashed, 1 unchanged, 0 failed',
      '  event: 2 created, 0 updated, 0 matched, 1 trashed, 0 unchanged, 0 failed',
      'Failed: venue 2: password-protected: sign in',
      'Ids taken at the target, given new ids: 1 (listed with --json).',
    ]);
  });
});
