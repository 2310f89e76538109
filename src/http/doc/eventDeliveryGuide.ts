// The prose of the event catalogue document: stream naming, ordering and delivery guarantees, versioning, secrets.

export const catalogueDescription =
  `The domain events of the calendar events service: every change of a calendar event, ` +
  `venue,
organizer, category, tag and user, and of the registries that keep ids, slugs and ` +
  `names unique. Events are the
source of truth; the REST API's documents are projections of ` +
  `them.

Two ways to receive them:

- **Change feed** (server \`changeFeed\`, channel ` +
  `\`changes\`): Server-Sent Events over HTTP, for editors and
  administrators, carrying the ` +
  `resource streams (\`event-\`, \`venue-\`, \`organizer-\`, \`category-\`, \`tag-\`).
- ` +
  `**Event store** (server \`eventStore\`, one channel per stream family): in the distributed ` +
  `deployment, read or
  subscribe to EventStoreDB/KurrentDB directly. The embedded ` +
  `deployment keeps the same streams in its own store,
  reachable from outside through the ` +
  `change feed only.

## Streams

One stream per resource, named \`<category>-<id>\` ` +
  `(\`event-7\`, \`venue-4\`); the category is the text before the
first \`-\` and never ` +
  `contains one, so EventStoreDB's \`$ce-<category>\` streams and stream-prefix filters ` +
  `select a
family exactly. Events, venues and organizers share one id sequence, categories ` +
  `and tags another; an id is never
reused. Registry streams (\`ids-\`, \`slug-\`, ` +
  `\`login-\`, \`translation-\`, \`termname-\`, \`image-\`, ` +
  `\`imageurl-\`, \`icsuid-\`,
\`bootstrap-admin\`) are bookkeeping of the service: most consumers ignore ` +
  `them.

## Ordering

- **Per stream**: events carry consecutive revisions from 0. Every ` +
  `write appends with the revision it decided on
  (optimistic concurrency), so a stream's ` +
  `order is the order of its decisions, and an event never depends on a
  later one of its ` +
  `stream.
- **Globally**: every event has a position in the store's global order (\`$all\`): ` +
  `strictly increasing, not dense.
  The events of one append are contiguous. Reading ` +
  `\`$all\` in position order never shows an event before one it
  depends on (a slug claim ` +
  `comes before the event that uses the slug).

## Delivery

- **Store subscriptions are ` +
  `at-least-once.** A catch-up subscription resumed from a checkpoint, or a persistent
  ` +
  `subscription retrying an unacknowledged message, can deliver an event again. Store the ` +
  `position (or, per stream,
  the revision) with the state it produced, in the same ` +
  `transaction, and skip what is not newer: an event is
  identified by (stream, revision), ` +
  `and by its position in \`$all\`. Persistent subscriptions may also redeliver out
  of ` +
  `order (retries, parking); use a catch-up subscription where order matters.
- **The change ` +
  `feed is exactly-once and in order when resumed with the last id.** Messages come in ` +
  `position order;
  each message's SSE \`id:\` is its position. Reconnect with ` +
  `\`Last-Event-ID\` (browsers' EventSource does it by
  itself) or \`from\` set to the last ` +
  `id you processed (both exclusive, as EventStoreDB's \`fromPosition\`), and the
  feed ` +
  `continues right after it: nothing lost, nothing repeated. \`from=start\` replays ` +
  `everything; without
  \`from\` or \`Last-Event-ID\`, only events written from then on are ` +
  `sent. Comment lines (\`: heartbeat\`) fill
  silences so that proxies keep the connection; ` +
  `\`retry:\` sets the reconnection delay.
- **Events are immutable.** An event once written ` +
  `is never changed or removed; trashing and deleting are events
  themselves.

## ` +
  `Versions

Every event type has a schema version, recorded in each event's ` +
  `\`metadata.schemaVersion\` (the feed's
\`schema_version\`) and shown as each message's ` +
  `\`x-schema-version\`. Within a version nothing changes: no field is
added, removed, ` +
  `renamed or retyped (CI compares every schema with a committed snapshot). A change of shape ` +
  `gets a
new version and an upcaster that turns older data into the new shape; the older ` +
  `version's schema stays listed here
(message \`<Type>.v<n>\`). This service upcasts when it ` +
  `reads, so the change feed always sends the current version.
Store subscribers receive data ` +
  `as it was written: handle every version listed for a type, and skip (do not fail
on) a ` +
  `type or version this document does not list yet, which a newer instance of the service may ` +
  `write during a
rolling upgrade (the feed marks those \`decoded: false\`).

## ` +
  `Secrets

Password hashes (\`passwordHash\` of events, venues and organizers) never leave ` +
  `through the change feed: a set
one reads \`"[redacted]"\`. User streams, which hold login ` +
  `password hashes, are not in the feed at all. The store
itself keeps them: give store ` +
  `readers access to the streams they need only.`;

export const changeFeedDescription =
  `\`GET {api_root}/changes\` as Server-Sent Events (\`text/event-stream\`), for editors ` +
  `and
administrators (HTTP Basic authentication with an application password). Each message: ` +
  `\`id:\` the global position,
\`event:\` the event type, \`data:\` one JSON object (the ` +
  `message payloads below). Only the resource streams are
carried; \`kinds=event,venue\` ` +
  `narrows them. Resume with the \`Last-Event-ID\` header or \`from\` set to the last ` +
  `id
received: both are exclusive, delivering what comes after it; \`Last-Event-ID\` wins ` +
  `when both are sent.
\`from=start\` delivers everything from the beginning; without either, ` +
  `the feed starts at the current end.`;

export const storeDescription =
  `EventStoreDB/KurrentDB of the distributed deployment (\`CAL_EVENTSTORE_URL\`). Events ` +
  `are
JSON: the body is the message payload, the event metadata the message headers, the ` +
  `event type the message name.
Subscribe to \`$all\` filtered by stream-name prefix ` +
  `(\`event-\`, \`venue-\`…) and resume from the last position
processed, or to a persistent ` +
  `subscription group on \`$all\` (filtered the same way) or on \`$ce-<category>\` ` +
  `(with
\`resolveLinkTos\`; needs the \`$by_category\` system projection).`;
