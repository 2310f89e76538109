// Specification of the slug plan of post-like items after a write (docs/api.md §4.7 "Slugs", §11 trashed slugs).
import { expect } from 'chai';
import {
  holdsReservedSlug,
  planSlug,
  type SlugPlan,
  type SlugSituation,
} from '../../../src/commands/events/slugPlan.ts';
import type { PostStatus } from '../../../src/events/catalogue/values.ts';

const item = { title: 'Jazz Night!', id: 7 };
const keep: SlugPlan = { kind: 'keep' };

const cases: Array<[string, SlugSituation, SlugPlan]> = [
  // New items.
  [
    'a new published item without explicit slug reserves its slugified title',
    { ...item, afterStatus: 'publish' },
    { kind: 'reserve', base: 'jazz-night' },
  ],
  ['a new future item likewise', { ...item, afterStatus: 'future' }, { kind: 'reserve', base: 'jazz-night' }],
  ['a new private item likewise', { ...item, afterStatus: 'private' }, { kind: 'reserve', base: 'jazz-night' }],
  [
    'a title that slugifies to "" reserves the id',
    { title: '¿¡!?', id: 7, afterStatus: 'publish' },
    { kind: 'reserve', base: '7' },
  ],
  [
    'an explicit slug is reserved as given',
    { ...item, afterStatus: 'publish', requested: 'gig' },
    { kind: 'reserve', base: 'gig' },
  ],
  ['a new draft without explicit slug keeps "" (no reservation)', { ...item, afterStatus: 'draft' }, keep],
  ['a new pending item without explicit slug keeps ""', { ...item, afterStatus: 'pending' }, keep],
  [
    'a new draft with an explicit slug sets it without reservation',
    { ...item, afterStatus: 'draft', requested: 'gig' },
    { kind: 'set', slug: 'gig' },
  ],

  // Drafts and pending items.
  [
    'publishing a draft reserves from its title',
    { ...item, before: { status: 'draft', slug: '' }, afterStatus: 'publish' },
    { kind: 'reserve', base: 'jazz-night' },
  ],
  [
    'publishing a pending item that has an explicit slug reserves that slug',
    { ...item, before: { status: 'pending', slug: 'gig' }, afterStatus: 'publish' },
    { kind: 'reserve', base: 'gig' },
  ],
  [
    'publishing a draft with a new explicit slug reserves the new one and releases nothing',
    { ...item, before: { status: 'draft', slug: 'gig' }, afterStatus: 'publish', requested: 'show' },
    { kind: 'reserve', base: 'show' },
  ],
  [
    'a draft given another explicit slug sets it, releasing nothing',
    { ...item, before: { status: 'draft', slug: 'gig' }, afterStatus: 'draft', requested: 'show' },
    { kind: 'set', slug: 'show' },
  ],
  [
    'a draft staying a draft without slug sent keeps',
    { ...item, before: { status: 'draft', slug: '' }, afterStatus: 'draft' },
    keep,
  ],

  // Items holding a reserved slug.
  [
    'a published item with no slug sent keeps its slug, even after a title change',
    { title: 'Renamed', id: 7, before: { status: 'publish', slug: 'jazz-night' }, afterStatus: 'publish' },
    keep,
  ],
  [
    'a published item sent its own slug again keeps it',
    { ...item, before: { status: 'publish', slug: 'jazz-night' }, afterStatus: 'publish', requested: 'jazz-night' },
    keep,
  ],
  [
    'moving between reserved statuses (publish → private) keeps the slug',
    { ...item, before: { status: 'publish', slug: 'jazz-night' }, afterStatus: 'private' },
    keep,
  ],
  [
    'changing the slug of a published item reserves the new one and releases the old',
    { ...item, before: { status: 'publish', slug: 'jazz-night' }, afterStatus: 'publish', requested: 'gig' },
    { kind: 'reserve', base: 'gig', release: 'jazz-night' },
  ],
  [
    'a future item turned draft with a new explicit slug sets it and releases the old',
    { ...item, before: { status: 'future', slug: 'jazz-night' }, afterStatus: 'draft', requested: 'gig' },
    { kind: 'set', slug: 'gig', release: 'jazz-night' },
  ],

  // Trash.
  [
    'a trashed item stays keep',
    { ...item, before: { status: 'trash', slug: 'jazz-night__trashed' }, afterStatus: 'trash' },
    keep,
  ],
  [
    'a trashed item stays keep even when a slug is sent',
    { ...item, before: { status: 'trash', slug: 'jazz-night__trashed' }, afterStatus: 'trash', requested: 'gig' },
    keep,
  ],
  [
    'untrashing reserves the slug without __trashed',
    { ...item, before: { status: 'trash', slug: 'jazz-night__trashed' }, afterStatus: 'publish' },
    { kind: 'reserve', base: 'jazz-night' },
  ],
  [
    'untrashing with an explicit slug reserves that slug',
    { ...item, before: { status: 'trash', slug: 'jazz-night__trashed' }, afterStatus: 'private', requested: 'gig' },
    { kind: 'reserve', base: 'gig' },
  ],
  [
    'untrashing an item trashed as a slugless draft derives the slug from the title',
    { ...item, before: { status: 'trash', slug: '__trashed' }, afterStatus: 'publish' },
    { kind: 'reserve', base: 'jazz-night' },
  ],
];

describe('planSlug', () => {
  for (const [rule, situation, plan] of cases) {
    it(rule, () => {
      expect(planSlug(situation)).to.deep.equal(plan);
    });
  }
});

describe('holdsReservedSlug', () => {
  const reserved: Array<[PostStatus, boolean]> = [
    ['publish', true],
    ['future', true],
    ['private', true],
    ['draft', false],
    ['pending', false],
    ['trash', false],
  ];
  for (const [status, holds] of reserved) {
    it(`${status} ${holds ? 'holds' : 'does not hold'} a reserved slug`, () => {
      expect(holdsReservedSlug(status)).to.equal(holds);
    });
  }
});
