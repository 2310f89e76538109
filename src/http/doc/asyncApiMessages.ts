// Messages of the event catalogue document: each event type and version as the store records it, and as the feed sends
// it.
import type * as t from 'io-ts';
import { catalogue, type CatalogueType } from '../../events/catalogue/index.ts';
import type { CatalogueEntry } from '../../events/catalogue/catalogueEntry.ts';
import { earlierExampleData, exampleData } from '../../events/catalogue/examples.ts';
import { jsonSchemaOf, type JsonSchema } from '../../events/catalogue/jsonSchemaOf.ts';
import { metadataDescriptions, OptionalMetadata, RecordedMetadata } from '../../events/catalogue/metadata.ts';
import { redactSecrets } from '../../events/catalogue/redaction.ts';

/** One schema version of one event type. */
export interface EventVersion {
  readonly type: CatalogueType;
  readonly version: number;
  readonly current: boolean;
  readonly codec: t.Mixed;
  readonly description: string;
  readonly example: unknown;
}

const entryOf = (type: CatalogueType): CatalogueEntry => catalogue[type];

/** Every version of a type the catalogue knows, oldest first. */
export function versionsOf(type: CatalogueType): EventVersion[] {
  const entry = entryOf(type);
  const earlier = Object.entries(entry.earlierVersions ?? {}).map(([version, codec]) => ({
    type,
    version: Number(version),
    current: false,
    codec,
    description: entry.description,
    example: earlierExampleData[type]?.[Number(version)],
  }));
  const current = {
    type,
    version: entry.version,
    current: true,
    codec: entry.codec,
    description: entry.description,
    example: exampleData[type],
  };
  return [...earlier.sort((a, b) => a.version - b.version), current];
}

/** Component keys: the type for its current version, `<Type>.v<n>` for older ones, `change.<Type>` in the feed. */
export const storeMessageId = (v: Pick<EventVersion, 'type' | 'version' | 'current'>): string =>
  v.current ? v.type : `${v.type}.v${v.version}`;
export const feedMessageId = (type: string): string => `change.${type}`;
export const undecodedFeedMessageId = 'change.undecoded';

/** The schema of `data`, from the codec of the whole `{ type, data }` event. */
export function dataSchemaOf(codec: t.Mixed): JsonSchema {
  const properties = jsonSchemaOf(codec).properties as Record<string, JsonSchema> | undefined;
  if (properties?.data === undefined) throw new Error(`event codec ${codec.name} has no data`);
  return properties.data;
}

/** The recorded metadata (EventStoreDB event metadata), with the version that `data` is in. */
export function metadataSchema(version: number): JsonSchema {
  const schema = jsonSchemaOf(RecordedMetadata);
  const optional = jsonSchemaOf(OptionalMetadata).properties as Record<string, JsonSchema>;
  const properties = Object.fromEntries(
    Object.entries({ ...(schema.properties as Record<string, JsonSchema>), ...optional }).map(([key, inner]) => [
      key,
      {
        ...(key === 'schemaVersion' ? { type: 'integer', const: version } : inner),
        description: metadataDescriptions[key as keyof typeof metadataDescriptions],
      },
    ]),
  );
  return { ...schema, properties };
}

const exampleMetadata = (version: number) => ({
  actor: '1',
  occurredAt: '2026-11-22T10:52:28.000Z',
  correlationId: '0b8f4e8e-6c1a-4d5e-9a53-1f0f5c1e7a42',
  causationId: '7d0c2a44-95b3-4f0e-8d6f-2a1e3c9b5d10',
  schemaVersion: version,
});

/** An event as the store records it: the event type names the message, metadata travels as headers. */
export function storeMessage(v: EventVersion, currentVersion: number): object {
  return {
    name: v.type,
    title: `${v.type} v${v.version}`,
    summary: v.description,
    ...(v.current
      ? {}
      : {
          description:
            `Schema version ${v.version}, superseded by version ${currentVersion}. Still found in ` +
            `stores written before; this ` +
            `service upcasts it when reading, the change feed sends it upcast, store subscribers ` +
            `receive it as written.`,
        }),
    contentType: 'application/json',
    correlationId: { $ref: '#/components/correlationIds/request' },
    headers: metadataSchema(v.version),
    payload: dataSchemaOf(v.codec),
    examples: [{ name: storeMessageId(v), headers: exampleMetadata(v.version), payload: v.example }],
    'x-schema-version': v.version,
  };
}

/** What every feed message carries around `data` (the `ChangeMessage` of the feed), keys in wire order. */
function feedEnvelope(
  kinds: readonly string[],
  type: JsonSchema,
  schemaVersion: JsonSchema,
  decoded: boolean,
  data: JsonSchema,
): JsonSchema {
  const text = (description: string) => ({ type: 'string', description });
  const kind = kinds.length === 1 ? { const: kinds[0] } : { enum: kinds };
  return {
    type: 'object',
    required: [
      'position',
      'stream',
      'kind',
      'revision',
      'type',
      'schema_version',
      'decoded',
      'occurred_at',
      'actor',
      'correlation_id',
      'causation_id',
      'data',
    ],
    properties: {
      position: {
        type: 'string',
        pattern: '^[0-9]{1,20}$',
        description: 'Global position in decimal digits (a 64-bit number), also the SSE `id:`.',
      },
      stream: {
        type: 'string',
        pattern: `^(${kinds.join('|')})-[0-9]+$`,
        description: 'The stream the event belongs to.',
      },
      kind: { type: 'string', ...kind, description: 'Category of the stream (its name before the first `-`).' },
      revision: { type: 'integer', minimum: 0, description: 'Position within the stream, from 0.' },
      type,
      schema_version: schemaVersion,
      decoded: {
        type: 'boolean',
        const: decoded,
        description: 'Whether this service knew the type and version and upcast `data`.',
      },
      occurred_at: text(metadataDescriptions.occurredAt),
      actor: text(metadataDescriptions.actor),
      correlation_id: text(metadataDescriptions.correlationId),
      causation_id: text(metadataDescriptions.causationId),
      data,
    },
  };
}

const feedExample = (type: CatalogueType, kind: string, version: number) => ({
  position: '4711',
  stream: `${kind}-7`,
  kind,
  revision: 3,
  type,
  schema_version: version,
  decoded: true,
  occurred_at: '2026-11-22T10:52:28.000Z',
  actor: '1',
  correlation_id: '0b8f4e8e-6c1a-4d5e-9a53-1f0f5c1e7a42',
  causation_id: '7d0c2a44-95b3-4f0e-8d6f-2a1e3c9b5d10',
  data: redactSecrets(exampleData[type]),
});

/** An event of a resource stream in the change feed: always in its type's current version. */
export function feedMessage(type: CatalogueType, kind: string): object {
  const entry = entryOf(type);
  const version = {
    type: 'integer',
    const: entry.version,
    description: 'Schema version of `data`: the current one, older data is upcast.',
  };
  return {
    name: type,
    title: `${type} (change feed)`,
    summary: entry.description,
    contentType: 'application/json',
    correlationId: { $ref: '#/components/correlationIds/feed' },
    payload: feedEnvelope([kind], { type: 'string', const: type }, version, true, dataSchemaOf(entry.codec)),
    examples: [{ name: feedMessageId(type), payload: feedExample(type, kind, entry.version) }],
    'x-schema-version': entry.version,
  };
}

/**
 * An event this service could not decode (a newer instance wrote it, or its data fits no known schema): `data` as
 * stored.
 */
export function undecodedFeedMessage(kinds: readonly string[]): object {
  return {
    name: 'undecoded',
    title: 'Event not decoded (change feed)',
    summary:
      'A type or version written by a newer instance of the service (e.g. during a rolling ' +
      'upgrade), or data that fits no ' +
      'schema of its type; `data` is passed on as stored.',
    contentType: 'application/json',
    correlationId: { $ref: '#/components/correlationIds/feed' },
    payload: feedEnvelope(
      kinds,
      { type: 'string' },
      { type: 'integer', description: 'Schema version as stored.' },
      false,
      {
        description: 'The event data as stored, secrets redacted.',
      },
    ),
  };
}
