// What the venue tests expect of a venue's representation (docs/api.md §4.2), shared by the create and update tests.

/** The keys of a venue that has only its name, in §4.2 order: every empty text key is left out. */
export const nameOnlyVenueKeys: readonly string[] = [
  'id',
  'author',
  'status',
  'date',
  'date_utc',
  'modified',
  'modified_utc',
  'url',
  'venue',
  'slug',
  'show_map',
  'show_map_link',
  'global_id',
  'global_id_lineage',
  'language',
  'translations',
];
