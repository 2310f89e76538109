// The memory read model's index of translation groups (docs/api.md §15): group root → the ids of its members.
import { groupOf, type GroupMember } from '../translationGroups.ts';
import { IdsByKey } from './idsByKey.ts';

/** The in-process index of a collection: group → member ids, kept current by `put`. */
export class TranslationGroupIndex {
  private readonly members = new IdsByKey<number>();

  move(previous: GroupMember | undefined, doc: GroupMember): void {
    if (previous) this.members.delete(groupOf(previous), previous.id);
    this.members.add(groupOf(doc), doc.id);
  }

  /** True when `id` is the group's only member (or the group has none): it lists no translations. */
  alone(group: number, id: number): boolean {
    return this.members.holdsOnly(group, id);
  }

  ids(group: number): number[] {
    return this.members.get(group);
  }
}
