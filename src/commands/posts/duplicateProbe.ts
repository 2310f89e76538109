// What a venue or organizer create asks the read side through the `DuplicateFinder` port (docs/api.md §10.2
// Duplicates). Declared here so the write side names its own port; the read model's collections answer it, and the
// composition root hands them in (docs/architecture.md §2).
export interface DuplicateProbe {
  readonly name: string;
  readonly description: string;
  readonly excerpt: string;
  /** Only the kind's compared fields that the create provided, by fact name. */
  readonly fields: Readonly<Record<string, string>>;
}
