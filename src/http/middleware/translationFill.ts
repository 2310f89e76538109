// Completes the `translations` keys of a response body from the read model, one group lookup per kind and group.
import type { Middleware } from 'koa';
import type { JsonText } from '../representation/jsonText.ts';
import type { ReadModelMemo } from '../readModelMemo.ts';
import type { HttpServices } from '../services.ts';
import type { ReadStore } from '../../projections/readStore.ts';
import { otherTranslations, type Translations } from '../../projections/translationGroups.ts';
import { pendingTranslations, type TranslatedKind, type TranslationSlot } from '../representation/translationSlots.ts';

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

/** A slot's `translations` value, with what it was computed from: the member's group and language at that position. */
interface SlotTranslations {
  readonly group: number;
  readonly language: string;
  readonly value: Translations;
  readonly json: string;
}

const rememberedFor = (slot: TranslationSlot, known: SlotTranslations | undefined): SlotTranslations | undefined =>
  known && known.group === slot.group && known.language === slot.member.language ? known : undefined;

/**
 * The `translations` of each slot, in slot order. Each item's value is remembered at the read model's position, so
 * a page read again looks nothing up; the others cost one group lookup per kind and group.
 */
async function lookUpTranslations(readStore: ReadStore, memo: ReadModelMemo, slots: readonly TranslationSlot[]): Promise<SlotTranslations[]> {
  const tables = new Map<TranslatedKind, Map<number, SlotTranslations>>();
  const tableOf = (kind: TranslatedKind) => {
    let table = tables.get(kind);
    if (!table) tables.set(kind, (table = memo.table<SlotTranslations>(`translations:${kind}`)));
    return table;
  };
  const found = slots.map((slot) => rememberedFor(slot, tableOf(slot.kind).get(slot.member.id)));
  const groups = new Map<string, Promise<Translations>>();
  const groupOf = (slot: TranslationSlot) => {
    const key = `${slot.kind}:${slot.group}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = collectionOf(readStore, slot.kind).translationsOf(slot.group)));
    return group;
  };
  for (const [index, slot] of slots.entries()) {
    if (found[index]) continue;
    const all = await groupOf(slot);
    // A trashed or deleted item has left its group: it lists no translations (docs/api.md §15).
    const value = Object.values(all).includes(slot.member.id) ? otherTranslations(all, slot.member) : {};
    tableOf(slot.kind).set(slot.member.id, (found[index] = { group: slot.group, language: slot.member.language, value, json: JSON.stringify(value) }));
  }
  return found as SlotTranslations[];
}

/** Completes the marked `translations` objects of a response body (texts and buffers have none). */
export async function fillTranslations(body: unknown, services: Pick<HttpServices, 'readStore' | 'memo'>): Promise<void> {
  const pending = pendingTranslations(body);
  if (pending.length === 0) return;
  const translations = await lookUpTranslations(services.readStore, services.memo, pending.map(({ slot }) => slot));
  pending.forEach(({ target }, index) => Object.assign(target, translations[index]?.value));
}

export function translationFill(services: Pick<HttpServices, 'readStore' | 'memo'>): Middleware {
  return async (ctx, next) => {
    await next();
    await fillTranslations(ctx.body, services);
  };
}

/** The text of a body assembled as JSON text, its `translations` filled the same way. */
export async function renderJsonText(out: JsonText, services: Pick<HttpServices, 'readStore' | 'memo'>): Promise<string> {
  return out.render(async (slots) => (await lookUpTranslations(services.readStore, services.memo, slots)).map(({ json }) => json));
}
