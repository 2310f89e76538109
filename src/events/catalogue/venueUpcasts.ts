// Upcasters of the venue events: data recorded under schema version 1 (`geoLat`/`geoLng`) read as version 2 (`geo`).
//
// Version 2 holds the same coordinates in one object, allowing what version 1 allowed: either coordinate alone, in
// the facts and in a change. So each event maps on its own, without the venue's other events, and nothing is lost:
// `geoLat` becomes `geo.lat`, `geoLng` becomes `geo.lng`.

type JsonRecord = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `record` with `geo` in the place of the first coordinate key and without either, other keys in their order. */
function withGeo(record: JsonRecord, geo: JsonRecord): JsonRecord {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (key !== 'geoLat' && key !== 'geoLng') out[key] = value;
    else if (!('geo' in out)) out.geo = geo;
  }
  return out;
}

/** Registration facts hold both coordinates, `null` when unset. */
export function upcastVenueRegistered(data: unknown, fromVersion: number): unknown {
  if (fromVersion >= 2 || !isRecord(data) || !isRecord(data.facts)) return data;
  const facts = data.facts;
  if (!('geoLat' in facts) && !('geoLng' in facts)) return data;
  return { ...data, facts: withGeo(facts, { lat: facts.geoLat ?? null, lng: facts.geoLng ?? null }) };
}

/** A change holds the coordinates that changed: `geo` gets exactly those. */
export function upcastVenueDetailsChanged(data: unknown, fromVersion: number): unknown {
  if (fromVersion >= 2 || !isRecord(data) || !isRecord(data.changes)) return data;
  const changes = data.changes;
  if (!('geoLat' in changes) && !('geoLng' in changes)) return data;
  const geo = {
    ...('geoLat' in changes ? { lat: changes.geoLat } : {}),
    ...('geoLng' in changes ? { lng: changes.geoLng } : {}),
  };
  return { ...data, changes: withGeo(changes, geo) };
}
