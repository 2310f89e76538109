// What the catalogue records about one event type: its current schema version and codec, how older data is upcast.
import type * as t from 'io-ts';

export interface CatalogueEntry {
  /** Written into each new event's `schemaVersion`; raised with every change of the codec's shape. */
  readonly version: number;
  /** The shape `{ type, data }` of the current version. */
  readonly codec: t.Mixed;
  /** One line for downstream consumers: the fact the event records. */
  readonly description: string;
  /** Turns data written under an older schema version into the current shape. */
  readonly upcast?: (data: unknown, fromVersion: number) => unknown;
  /**
   * The codecs of earlier versions by number, kept frozen: stores still hold data in them, consumers reading the
   * store directly receive it as written, and the schema snapshot test proves they do not change.
   */
  readonly earlierVersions?: Readonly<Record<number, t.Mixed>>;
}
