// A MongoDB collection reduced to `bulkWrite`, its documents in memory and its filters and updates evaluated by mingo:
// the oracle that checks the bulk translation of src/projections/mongo/bulkWrites.ts without a server. It models what
// the translation relies on: an upsert inserts the filter's equality fields plus the update (or the replacement); an
// insert meeting an existing `_id` is a duplicate-key write error (code 11000) and the other operations of an
// unordered bulk still run; a failed bulk throws a MongoBulkWriteError listing the failed operations by index.
import { Query, updateMany, updateOne, update as applyModifier } from 'mingo';
import { MongoBulkWriteError, type AnyBulkWriteOperation, type Document } from 'mongodb';

const duplicateKeyCode = 11000;

/** The order in which an unordered bulk runs its operations: the server promises none. */
export type ExecutionOrder = (count: number) => readonly number[];
export const asSent: ExecutionOrder = (count) => [...Array(count).keys()];

interface WriteFailure {
  readonly index: number;
  readonly code: number;
  readonly errmsg: string;
}

/** The fields an upsert copies from its filter: top-level plain equalities (`{_id: 3}`, not `{revision: {$lt: 2}}`). */
function equalityFields(filter: Document): Document {
  const fields: Document = {};
  for (const [name, value] of Object.entries(filter)) {
    const isOperatorExpression =
      typeof value === 'object' && value !== null && Object.keys(value).some((key) => key.startsWith('$'));
    if (!name.startsWith('$') && !isOperatorExpression) fields[name] = value;
  }
  return fields;
}

const copy = <T>(value: T): T => structuredClone(value);

export class MingoBulkCollection {
  /** The stored documents; tests seed them and read them back. */
  readonly documents: Document[] = [];
  /** Every `bulkWrite` call: its operations as sent (a test counts round trips and re-sends). */
  readonly calls: AnyBulkWriteOperation[][] = [];

  constructor(private readonly order: ExecutionOrder = asSent) {}

  async bulkWrite(operations: AnyBulkWriteOperation[], options: { readonly ordered?: boolean } = {}): Promise<void> {
    this.calls.push(operations);
    const failures: WriteFailure[] = [];
    for (const index of this.order(operations.length)) {
      const failure = this.apply(operations[index] as AnyBulkWriteOperation);
      if (failure === undefined) continue;
      failures.push({ index, code: duplicateKeyCode, errmsg: failure });
      // An ordered bulk stops at its first error; only the unordered one goes on.
      if (options.ordered !== false) break;
    }
    if (failures.length > 0) {
      const message = failures[0]?.errmsg as string;
      throw new MongoBulkWriteError({ message, code: duplicateKeyCode, writeErrors: failures } as never, {} as never);
    }
  }

  /** One operation; a duplicate-key message when it fails. */
  private apply(operation: AnyBulkWriteOperation): string | undefined {
    if ('insertOne' in operation) return this.insert(copy(operation.insertOne.document));
    if ('replaceOne' in operation) {
      const { filter, replacement, upsert } = operation.replaceOne;
      const matched = this.indexOfFirst(filter as Document);
      const { _id: _ignored, ...fields } = copy(replacement) as Document;
      if (matched >= 0) this.documents[matched] = { _id: (this.documents[matched] as Document)._id, ...fields };
      else if (upsert) return this.insert({ ...fields, ...equalityFields(filter as Document) });
      return undefined;
    }
    if ('updateOne' in operation) {
      const { filter, update, upsert } = operation.updateOne;
      const { $setOnInsert: _onlyOnInsert, ...modifier } = copy(update) as Document;
      const result = updateOne(this.documents, filter as Document, modifier);
      if (result.matchedCount === 0 && upsert)
        return this.insert(this.upserted(filter as Document, update as Document));
      return undefined;
    }
    if ('updateMany' in operation) {
      const { $setOnInsert: _unused, ...modifier } = copy(operation.updateMany.update) as Document;
      updateMany(this.documents, operation.updateMany.filter as Document, modifier);
      return undefined;
    }
    if ('deleteOne' in operation) {
      const matched = this.indexOfFirst(operation.deleteOne.filter as Document);
      if (matched >= 0) this.documents.splice(matched, 1);
      return undefined;
    }
    throw new Error(`the oracle does not model ${Object.keys(operation).join()}`);
  }

  /** The document an operator update inserts: the filter's equalities, then `$set` and `$setOnInsert` applied. */
  private upserted(filter: Document, update: Document): Document {
    const { $setOnInsert, ...modifier } = copy(update);
    const inserted = equalityFields(filter);
    applyModifier(inserted, { ...modifier, $set: { ...modifier.$set, ...$setOnInsert } });
    return inserted;
  }

  private insert(document: Document): string | undefined {
    if (this.indexOfFirst({ _id: document._id }) >= 0)
      return `E11000 duplicate key error dup key: { _id: ${document._id} }`;
    this.documents.push(document);
    return undefined;
  }

  private indexOfFirst(filter: Document): number {
    const query = new Query(filter);
    return this.documents.findIndex((document) => query.test(document));
  }
}
