// The write parameters of a source item: its representation (docs/api.md §4) read back into the fields a create or
// update takes (docs/api.md §10), so that the target shows the same values.

type Body = Readonly<Record<string, unknown>>;

const entities: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#039;': "'",
  '&#39;': "'",
};

/** An event's `website` is entity-escaped, and shows `url` when none was stored (§4.1). */
function eventWebsite(body: Body): string | undefined {
  if (typeof body.website !== 'string' || body.website === body.url) return undefined;
  return body.website.replace(/&(amp|lt|gt|quot|#0?39);/g, (entity) => entities[entity] ?? entity);
}

/** The cost entries that give the same `cost` and `cost_details` again (§4.7 Cost); `[]` clears. */
export function costInput(body: Body): string | string[] {
  const details = body.cost_details as
    { currency_symbol?: unknown; currency_position?: unknown; values?: unknown } | undefined;
  const values = Array.isArray(details?.values) ? details.values.filter((v) => typeof v === 'string') : [];
  if (values.length === 0) return typeof body.cost === 'string' && body.cost !== '' ? body.cost : [];
  const symbol = typeof details?.currency_symbol === 'string' ? details.currency_symbol : '';
  return values.map((value) => (details?.currency_position === 'postfix' ? value + symbol : symbol + value));
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The status, publication date and slug every post kind takes; an empty slug (a draft's) is not sent. */
function postArgs(body: Body): Record<string, unknown> {
  const args: Record<string, unknown> = { status: body.status, date_utc: body.date_utc };
  if (typeof body.slug === 'string' && body.slug !== '') args.slug = decodeURIComponent(body.slug);
  return args;
}

export function eventArgs(body: Body): Record<string, unknown> {
  const args: Record<string, unknown> = {
    ...postArgs(body),
    title: text(body.title),
    description: text(body.description),
    excerpt: text(body.excerpt),
    timezone: text(body.timezone),
    start_date: body.start_date,
    end_date: body.end_date,
    cost: costInput(body),
  };
  for (const flag of ['all_day', 'show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured'])
    if (typeof body[flag] === 'boolean') args[flag] = body[flag];
  const website = eventWebsite(body);
  if (website !== undefined) args.website = website;
  return args;
}

const venueTexts = ['address', 'city', 'country', 'province', 'state', 'stateprovince', 'zip', 'phone', 'website'];
const organizerTexts = ['phone', 'email', 'website'];

/** Venue and organizer keys are left out when empty (§4.2, §4.3): a missing one is sent as `""`, which clears it. */
export function itemArgs(kind: 'venue' | 'organizer', body: Body): Record<string, unknown> {
  const args: Record<string, unknown> = {
    ...postArgs(body),
    [kind]: text(body[kind]),
    description: text(body.description),
  };
  for (const field of kind === 'venue' ? venueTexts : organizerTexts) args[field] = text(body[field]);
  if (kind === 'venue') {
    args.show_map = body.show_map === true;
    args.show_map_link = body.show_map_link === true;
    if (typeof body.geo_lat === 'number' && typeof body.geo_lng === 'number') {
      args.geo_lat = body.geo_lat;
      args.geo_lng = body.geo_lng;
    }
  }
  return args;
}

export function imageUrlOf(body: Body): string | undefined {
  const image = body.image as { url?: unknown } | false | undefined;
  return image && typeof image.url === 'string' && /^https?:\/\//i.test(image.url) ? image.url : undefined;
}
