// Completes the `translations` keys of a response body from the read model, one group lookup per kind and group.
import type { Middleware } from 'koa';
import type { ReadStore } from '../../projections/readStore.ts';
import { otherTranslations, type Translations } from '../../projections/translationGroups.ts';
import { collectingTranslations, type TranslatedKind } from '../representation/translationSlots.ts';

const collectionOf = (readStore: ReadStore, kind: TranslatedKind) => {
  switch (kind) {
    case 'event':
      return readStore.events;
    case 'venue':
      return readStore.venues;
    case 'organizer':
      return readStore.organizers;
    case 'category':
      return readStore.categories;
    case 'tag':
      return readStore.tags;
  }
};

export function translationFill(readStore: ReadStore): Middleware {
  return async (_ctx, next) => {
    const pending = await collectingTranslations(next);
    if (pending.length === 0) return;
    const groups = new Map<string, Promise<Translations>>();
    for (const { slot } of pending) {
      const key = `${slot.kind}:${slot.group}`;
      if (!groups.has(key)) groups.set(key, collectionOf(readStore, slot.kind).translationsOf(slot.group));
    }
    for (const { target, slot } of pending) {
      const all = await groups.get(`${slot.kind}:${slot.group}`);
      // A trashed or deleted item has left its group: it lists no translations (wire.md §15).
      if (all && Object.values(all).includes(slot.member.id)) Object.assign(target, otherTranslations(all, slot.member));
    }
  };
}
