// Completes the `translations` keys of a response body from the read model, one group lookup per kind and group.
import type { Context, Middleware } from 'koa';
import type { JsonText } from '../representation/jsonText.ts';
import type { ReadModelMemo } from '../readModelMemo.ts';
import type { HttpServices } from '../services.ts';
import type { ReadStore } from '../../projections/readStore.ts';
import { otherTranslations, type Translations } from '../../projections/translationGroups.ts';
import { collectingTranslations, type TranslatedKind, type TranslationSlot } from '../representation/translationSlots.ts';

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

/** The `translations` value of each slot, from one lookup per kind and group. */
export async function lookUpTranslations(readStore: ReadStore, memo: ReadModelMemo, slots: readonly TranslationSlot[]): Promise<(slot: TranslationSlot) => Translations> {
  const lookups = new Map<string, Promise<Translations>>();
  for (const slot of slots) {
    const key = `${slot.kind}:${slot.group}`;
    if (!lookups.has(key)) lookups.set(key, memo.remembered(`translations:${key}`, () => collectionOf(readStore, slot.kind).translationsOf(slot.group)));
  }
  const groups = new Map<string, Translations>();
  for (const [key, lookup] of lookups) groups.set(key, await lookup);
  return (slot) => {
    const all = groups.get(`${slot.kind}:${slot.group}`);
    // A trashed or deleted item has left its group: it lists no translations (wire.md §15).
    return all && Object.values(all).includes(slot.member.id) ? otherTranslations(all, slot.member) : {};
  };
}

export function translationFill(readStore: ReadStore, memo: ReadModelMemo): Middleware {
  return async (_ctx, next) => {
    const pending = await collectingTranslations(next);
    if (pending.length === 0) return;
    const translationsOf = await lookUpTranslations(readStore, memo, pending.map(({ slot }) => slot));
    for (const { target, slot } of pending) Object.assign(target, translationsOf(slot));
  };
}

/** Answers with a body assembled as text, its `translations` filled the same way. */
export async function answerWithText(ctx: Context, out: JsonText, services: Pick<HttpServices, 'readStore' | 'memo'>): Promise<void> {
  ctx.type = 'application/json';
  ctx.body = await out.render((slots) => lookUpTranslations(services.readStore, services.memo, slots));
}
