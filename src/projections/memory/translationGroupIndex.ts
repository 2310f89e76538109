// The memory read model's index of translation groups (docs/api.md §15): group root → the ids of its members.
import { groupOf, type GroupMember } from '../translationGroups.ts';
import { IdsByKey } from './idsByKey.ts';

/**
 * The in-process index of a collection: group → member ids, kept current by `put`. Most items are translated into
 * nothing and form a group of their own: such a root is found by its id in the collection (`memberOf`), and only the
 * members of another item's group are filed (a replay then makes no map entry per document).
 */
export class TranslationGroupIndex {
  private readonly members = new IdsByKey<number>();

  /** `memberOf`: the collection's document of an id, as it stands when `ids` is asked. */
  constructor(private readonly memberOf: (id: number) => GroupMember | undefined) {}

  move(previous: GroupMember | undefined, doc: GroupMember): void {
    if (previous && groupOf(previous) !== previous.id) this.members.delete(groupOf(previous), previous.id);
    if (groupOf(doc) !== doc.id) this.members.add(groupOf(doc), doc.id);
  }

  /**
   * True when `id` is the group's only member (or the group has none): it lists no translations. A root standing in
   * its own group is not filed, so a member other than the root is alone only when the root has left the group.
   */
  alone(group: number, id: number): boolean {
    if (!this.members.holdsOnly(group, id)) return false;
    if (id === group) return true;
    const root = this.memberOf(group);
    return root === undefined || groupOf(root) !== group;
  }

  /** The group's root first when it stands in its own group, then the other members in the order they joined. */
  ids(group: number): number[] {
    const root = this.memberOf(group);
    const others = this.members.get(group);
    if (root === undefined || groupOf(root) !== group) return others;
    others.unshift(group);
    return others;
  }
}
