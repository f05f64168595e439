import {
  FirestoreState,
  FirestoreStateDocument,
  type FirestoreStateCollection,
} from '@firestore-emulator/server';

/**
 * Makes the Node Firestore emulator answer at the volume of a live service. As the package
 * ships, every call costs time in proportion to the documents of a collection: finding a
 * document copies (immer) and checks frozen the collection's whole record of documents, and a
 * query sorts every document of the collection before filtering them. With 50,000 claims a
 * read took ten times as long as on an empty store.
 *
 * Here, on one emulator's state:
 * - each collection finds and adds documents in place, in constant time (its record is this
 *   layer's own from then on: nothing else in the package copies it);
 * - a query with an equality filter (`where('userId', '==', uid)`, alone or in an AND) takes its
 *   candidates from an index by (collection, field, value), built on a field's first query
 *   and kept up by the emulator's create/update/delete events, then runs the package's own
 *   sorting, filtering and limit on them, in the order a scan sees them. Its answer is the
 *   scan's, document for document (tests/unit/scripts/firestoreQueryIndex.test.ts compares them).
 * Other queries scan, as before.
 */

type Query = Parameters<FirestoreState['v1Query']>[1];
type FieldFilter = Query['where']['field_filter'];
type Documents = Record<string, FirestoreStateDocument>;

/** The protocol's numbers for an equality filter and an AND (StructuredQuery's enums). */
const EQUAL = 5;
const AND = 1;

export interface QueryIndex {
  /** The answer the package's own scan gives (for comparing; never used to answer). */
  scan(parent: string, query: Query): FirestoreStateDocument[];
  /** Forgets every index (documents were put in without events, as the loader does). */
  forget(): void;
  /** Builds the index of a collection's field now rather than on its first query. */
  build(collectionPath: string, field: string): void;
}

/** The collection's private record of documents, checked to be where the package keeps it. */
function recordOf(collection: FirestoreStateCollection): { documents: Documents } {
  const holder = collection as unknown as { documents?: Documents };
  if (typeof holder.documents !== 'object' || holder.documents === null) {
    throw new Error(
      'The Firestore emulator package keeps documents differently from what scripts/stack/firestoreQueryIndex.ts expects',
    );
  }
  return holder as { documents: Documents };
}

/** Whether JavaScript orders this key before the others, numerically (an array index). */
function isArrayIndex(key: string): boolean {
  return /^(0|[1-9]\d*)$/.test(key) && Number(key) < 2 ** 32 - 1;
}

/** An equality's value as an index key, for the types whose `eq` compares type and value. */
function keyOfValue(type: string, value: unknown): string | null {
  if (type === 'string_value' || type === 'boolean_value' || type === 'integer_value')
    return `${type}:${String(value)}`;
  return null;
}

function keyOfDocumentField(document: FirestoreStateDocument, field: string): string | null {
  if (!document.metadata.hasExist) return null;
  const value = document.getField(field);
  return value ? keyOfValue(value.type, value.value) : null;
}

/** The filter's value as an index key, or null when it is not one the index answers. */
function keyOfFilter(filter: FieldFilter): string | null {
  const path = filter.field?.field_path;
  if (filter.op !== EQUAL || !path || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(path)) return null;
  const value = filter.value;
  if (value.has_string_value) return keyOfValue('string_value', value.string_value);
  if (value.has_boolean_value) return keyOfValue('boolean_value', value.boolean_value);
  if (value.has_integer_value) return keyOfValue('integer_value', value.integer_value);
  return null;
}

/** The query's equality filters the index can answer: the whole filter, or an AND's parts. */
function equalities(query: Query): { field: string; key: string }[] {
  if (!query.has_where) return [];
  const filters: FieldFilter[] = [];
  if (query.where.has_field_filter) filters.push(query.where.field_filter);
  else if (query.where.has_composite_filter) {
    const composite = query.where.composite_filter;
    // AND only: an OR's parts each widen the answer.
    if (composite.op !== AND) return [];
    for (const part of composite.filters) {
      if (part.has_field_filter) filters.push(part.field_filter);
    }
  }
  return filters.flatMap((filter) => {
    const key = keyOfFilter(filter);
    return key ? [{ field: filter.field.field_path, key }] : [];
  });
}

/** Indexes `state`'s queries and documents; to be called before anything is stored in it. */
export function indexQueries(state: FirestoreState): QueryIndex {
  const emitter = state.emitter;
  /** Where each document stands in its collection's record, as a scan meets them. */
  const added = new WeakMap<FirestoreStateDocument, number>();
  let addedCount = 0;
  /** Per collection, per field: the documents holding each value, and each one's value. */
  type FieldIndex = {
    byKey: Map<string, Set<FirestoreStateDocument>>;
    keyOf: Map<FirestoreStateDocument, string>;
  };
  let indexes = new WeakMap<FirestoreStateCollection, Map<string, FieldIndex>>();

  function findInPlace(collection: FirestoreStateCollection): void {
    const holder = recordOf(collection);
    // Once: a record immer froze is copied to one this layer may add to.
    if (Object.isFrozen(holder.documents)) holder.documents = { ...holder.documents };
    for (const document of Object.values(holder.documents)) added.set(document, addedCount++);
    collection.getDocument = (name: string) => {
      const found = Object.hasOwn(holder.documents, name) ? holder.documents[name] : undefined;
      if (found) return found;
      const document = new FirestoreStateDocument(
        emitter,
        collection.database,
        collection,
        name,
        {},
        {},
      );
      holder.documents[name] = document;
      added.set(document, addedCount++);
      return document;
    };
  }

  emitter.on('add-collection', ({ collection }) => findInPlace(collection));

  /** A scan's order: array-index ids first by number, then the others as they were added. */
  function scanOrder(a: FirestoreStateDocument, b: FirestoreStateDocument): number {
    const aIndex = isArrayIndex(a.name);
    const bIndex = isArrayIndex(b.name);
    if (aIndex !== bIndex) return aIndex ? -1 : 1;
    if (aIndex) return Number(a.name) - Number(b.name);
    return (added.get(a) ?? 0) - (added.get(b) ?? 0);
  }

  function fieldIndex(collection: FirestoreStateCollection, field: string): FieldIndex {
    let fields = indexes.get(collection);
    if (!fields) indexes.set(collection, (fields = new Map()));
    let index = fields.get(field);
    if (index) return index;
    index = { byKey: new Map(), keyOf: new Map() };
    for (const document of collection.getAllDocuments()) place(index, document, field);
    fields.set(field, index);
    return index;
  }

  function place(index: FieldIndex, document: FirestoreStateDocument, field: string): void {
    const before = index.keyOf.get(document);
    const after = keyOfDocumentField(document, field);
    if (before === after) return;
    if (before !== undefined) {
      index.byKey.get(before)?.delete(document);
      index.keyOf.delete(document);
    }
    if (after !== null) {
      let holders = index.byKey.get(after);
      if (!holders) index.byKey.set(after, (holders = new Set()));
      holders.add(document);
      index.keyOf.set(document, after);
    }
  }

  const changed = ({ document }: { document: FirestoreStateDocument }) => {
    const fields = indexes.get(document.parent);
    if (!fields) return;
    for (const [field, index] of fields) place(index, document, field);
  };
  emitter.on('create-document', changed);
  emitter.on('update-document', changed);
  emitter.on('delete-document', changed);
  emitter.on('clear-all-projects', () => (indexes = new WeakMap()));

  const scan = FirestoreState.prototype.v1Query;
  state.v1Query = function indexedQuery(parent: string, query: Query) {
    const wanted = equalities(query);
    const collectionId = query.from?.[0]?.collection_id;
    if (wanted.length === 0 || query.from.length !== 1 || !collectionId) {
      return scan.call(state, parent, query);
    }
    const collection = state.getCollection(`${parent}/${collectionId}`);
    let fewest: Set<FirestoreStateDocument> | undefined;
    for (const { field, key } of wanted) {
      const holders = fieldIndex(collection, field).byKey.get(key);
      if (!fewest || (holders?.size ?? 0) < fewest.size) fewest = holders ?? new Set();
    }
    const candidates = [...fewest!].sort(scanOrder);
    // The package's own sort, filters and limit, on the candidates in a scan's order: with a
    // stable sort, the documents that pass come out as a scan over them all would give them.
    const onCandidates = {
      getCollection: () => ({ getAllDocuments: () => candidates }),
    } as unknown as FirestoreState;
    return scan.call(onCandidates, parent, query);
  };

  return {
    scan: (parent, query) => scan.call(state, parent, query),
    forget: () => (indexes = new WeakMap()),
    build: (collectionPath, field) => void fieldIndex(state.getCollection(collectionPath), field),
  };
}
