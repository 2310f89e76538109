// The schema of every event type and kept version, held against a committed snapshot: a shape change without a new
// version (and an upcaster) fails CI. Regenerate on purpose with UPDATE_EVENT_SCHEMAS=1.
import { expect } from 'chai';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type * as t from 'io-ts';
import { catalogue } from '../../../src/events/catalogue/index.ts';
import type { CatalogueEntry } from '../../../src/events/catalogue/catalogueEntry.ts';
import { jsonSchemaOf, type JsonSchema } from '../../../src/events/catalogue/jsonSchemaOf.ts';

interface TypeSnapshot {
  /** The version new events of the type are written in. */
  readonly current: number;
  readonly versions: Readonly<Record<string, JsonSchema>>;
}
type Snapshot = Readonly<Record<string, TypeSnapshot>>;

const snapshotUrl = new URL('./eventSchemas.snapshot.json', import.meta.url);
const regenerate =
  'if this change is intended and compatible, regenerate with UPDATE_EVENT_SCHEMAS=1 npm run test:unit';
const needsVersion = 'a changed event schema needs a new version and an upcaster';

function computed(): Snapshot {
  return Object.fromEntries(
    Object.entries(catalogue as Record<string, CatalogueEntry>).map(([type, entry]) => {
      const codecs: [number, t.Mixed][] = [
        ...Object.entries(entry.earlierVersions ?? {}).map(([v, codec]) => [Number(v), codec] as [number, t.Mixed]),
        [entry.version, entry.codec],
      ];
      const versions = Object.fromEntries(
        codecs.sort(([a], [b]) => a - b).map(([v, codec]) => [String(v), jsonSchemaOf(codec)]),
      );
      return [type, { current: entry.version, versions }];
    }),
  );
}

/** Order carries no meaning in keys, `required`, `enum` or type lists: reordering a codec's fields is no change. */
function canonical(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => canonical(item));
    return ['required', 'enum', 'type'].includes(key) ? items.map((item) => JSON.stringify(item)).sort() : items;
  }
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, canonical((value as Record<string, unknown>)[k], k)]),
  );
}
const sameSchema = (a: JsonSchema, b: JsonSchema): boolean =>
  JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** Why `now` may not replace `before`; empty when it is the same catalogue. */
function snapshotDifferences(before: Snapshot, now: Snapshot): string[] {
  const problems: string[] = [];
  for (const [type, was] of Object.entries(before)) {
    const is = now[type];
    if (!is) {
      problems.push(`${type} left the catalogue, but stores hold its events: keep its codec (${regenerate})`);
      continue;
    }
    if (is.current < was.current)
      problems.push(`${type}: version ${is.current} is older than the snapshot's ${was.current}`);
    for (const [version, schema] of Object.entries(was.versions)) {
      const current = is.versions[version];
      if (current === undefined)
        problems.push(`${type} v${version} is no longer described: keep the codec of every version stores may hold`);
      else if (!sameSchema(current, schema)) {
        problems.push(
          Number(version) === is.current
            ? `${type} changed its schema but kept version ${version}: ${needsVersion}; ${regenerate}`
            : `${type} v${version} changed, but that version is recorded data and must stay as it ` +
                `was: ${needsVersion}; ${regenerate}`,
        );
      }
    }
  }
  for (const [type, is] of Object.entries(now)) {
    for (const version of Object.keys(is.versions)) {
      if (before[type]?.versions[version] === undefined)
        problems.push(`${type} v${version} is not in the snapshot yet: ${regenerate}`);
    }
  }
  return problems;
}

describe('event schema snapshot', () => {
  const now = computed();

  if (process.env.UPDATE_EVENT_SCHEMAS === '1') {
    it('is regenerated (UPDATE_EVENT_SCHEMAS=1)', () => {
      writeFileSync(snapshotUrl, `${JSON.stringify(now, null, 2)}\n`);
    });
    return;
  }

  it('matches test/events/catalogue/eventSchemas.snapshot.json', () => {
    expect(existsSync(snapshotUrl), `no snapshot: ${regenerate}`).to.equal(true);
    const before = JSON.parse(readFileSync(snapshotUrl, 'utf8')) as Snapshot;
    expect(snapshotDifferences(before, now)).to.deep.equal([]);
  });

  describe('the check itself', () => {
    const base: Snapshot = {
      VenueTrashed: { current: 1, versions: { 1: { type: 'object', properties: { id: { type: 'number' } } } } },
    };
    const changed: JsonSchema = { type: 'object', properties: { id: { type: 'string' } } };

    it('refuses a changed shape under the same version, saying what to do', () => {
      const [problem, ...rest] = snapshotDifferences(base, { VenueTrashed: { current: 1, versions: { 1: changed } } });
      expect(rest).to.deep.equal([]);
      expect(problem).to.equal(`VenueTrashed changed its schema but kept version 1: ${needsVersion}; ${regenerate}`);
    });

    it(
      'accepts a new version beside the unchanged old one once the snapshot has it, and asks to ' + 'record it before',
      () => {
        const bumped: Snapshot = {
          VenueTrashed: { current: 2, versions: { ...base.VenueTrashed?.versions, 2: changed } },
        };
        expect(snapshotDifferences(base, bumped)).to.deep.equal([
          `VenueTrashed v2 is not in the snapshot yet: ${regenerate}`,
        ]);
        expect(snapshotDifferences(bumped, bumped)).to.deep.equal([]);
      },
    );

    it('takes reordered fields for the same schema', () => {
      const twoFields: JsonSchema = {
        type: 'object',
        properties: { id: { type: 'number' }, slug: { type: 'string' } },
        required: ['id', 'slug'],
      };
      const reordered: JsonSchema = {
        required: ['slug', 'id'],
        properties: { slug: { type: 'string' }, id: { type: 'number' } },
        type: 'object',
      };
      expect(
        snapshotDifferences(
          { VenueTrashed: { current: 1, versions: { 1: twoFields } } },
          { VenueTrashed: { current: 1, versions: { 1: reordered } } },
        ),
      ).to.deep.equal([]);
    });

    it('refuses dropping a recorded version or type, and altering an older version', () => {
      expect(snapshotDifferences(base, { VenueTrashed: { current: 2, versions: { 2: changed } } })[0]).to.match(
        /v1 is no longer described/,
      );
      expect(snapshotDifferences(base, {})[0]).to.match(/VenueTrashed left the catalogue/);
      const older: Snapshot = { VenueTrashed: { current: 2, versions: { 1: changed, 2: changed } } };
      expect(
        snapshotDifferences(
          { VenueTrashed: { current: 2, versions: { ...base.VenueTrashed?.versions, 2: changed } } },
          older,
        )[0],
      ).to.match(/v1 changed, but that version is recorded data/);
    });
  });
});
