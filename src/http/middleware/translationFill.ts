// Completes the `translations` keys of a response body from the read model, one group lookup per kind and group,
// with the members the caller may read.
import type { Middleware } from 'koa';
import type { JsonText } from '../representation/jsonText.ts';
import type { ReadModelMemo } from '../readModelMemo.ts';
import type { HttpParts } from '../services.ts';
import type { ReadStore, ReadsNow } from '../../projections/readStore.ts';
import { otherTranslations, type Translations } from '../../projections/translationGroups.ts';
import { pendingTranslations, type TranslatedKind, type TranslationSlot } from '../representation/translationSlots.ts';
import { anonymous, canReadPost, type Caller, type OwnedPost } from '../auth/caller.ts';

/** Another member of a slot's group: its language and id, and for posts who owns it and its status. */
interface OtherMember {
  readonly language: string;
  readonly id: number;
  /** Absent for terms, which everyone may read. */
  readonly standing?: OwnedPost;
}

/** A slot's other members, with what they were computed from: the member's group and language at that position. */
interface SlotTranslations {
  readonly group: number;
  readonly language: string;
  readonly others: readonly OtherMember[];
  /** The value and its text when every caller may read every other member (the usual case: all published). */
  readonly forEveryone?: { readonly value: Translations; readonly json: string };
}

/** What one caller is shown of a slot: the members they may read (docs/api.md §15), as an object and as JSON text. */
interface ShownTranslations {
  readonly value: Translations;
  readonly json: string;
}

const rememberedFor = (slot: TranslationSlot, known: SlotTranslations | undefined): SlotTranslations | undefined =>
  known && known.group === slot.group && known.language === slot.member.language ? known : undefined;

/** The collection of a kind, in the port and in `ReadsNow`. */
const collectionKeyOf = (kind: TranslatedKind): keyof ReadsNow => {
  switch (kind) {
    case 'event':
      return 'events';
    case 'venue':
      return 'venues';
    case 'organizer':
      return 'organizers';
    case 'category':
      return 'categories';
    case 'tag':
      return 'tags';
  }
};

const isPostKind = (kind: TranslatedKind): kind is 'event' | 'venue' | 'organizer' =>
  kind === 'event' || kind === 'venue' || kind === 'organizer';

/** A member of a post's group with who owns it and its status: what reading it takes (docs/api.md §3.2). */
function memberOf(language: string, id: number, doc: OwnedPost | undefined): OtherMember {
  // A member gone from the read model since the group was read is shown to nobody.
  const standing: OwnedPost = doc ?? { author: '', status: 'trash' };
  return {
    language,
    id,
    standing: {
      author: standing.author,
      status: standing.status,
      statusBeforeTrash: standing.statusBeforeTrash ?? null,
    },
  };
}

/** Who owns each other member of a post's group and its status. */
async function othersOf(readStore: ReadStore, kind: TranslatedKind, others: Translations): Promise<OtherMember[]> {
  const entries = Object.entries(others);
  if (!isPostKind(kind)) return entries.map(([language, id]) => ({ language, id }));
  const collection = kind === 'event' ? readStore.events : kind === 'venue' ? readStore.venues : readStore.organizers;
  return Promise.all(entries.map(async ([language, id]) => memberOf(language, id, await collection.get(id))));
}

/** `othersOf` from reads answered in the calling turn. */
function othersNow(now: ReadsNow, kind: TranslatedKind, others: Translations): OtherMember[] {
  const entries = Object.entries(others);
  if (!isPostKind(kind)) return entries.map(([language, id]) => ({ language, id }));
  const collection = kind === 'event' ? now.events : kind === 'venue' ? now.venues : now.organizers;
  return entries.map(([language, id]) => memberOf(language, id, collection.get(id)));
}

/** The other members of the slot's group, from all its live members: none once the member left it (trashed). */
const othersIn = (slot: TranslationSlot, all: Translations): Translations =>
  // A trashed or deleted item has left its group: it lists no translations (docs/api.md §15).
  Object.values(all).includes(slot.member.id) ? otherTranslations(all, slot.member) : {};

function slotTranslations(slot: TranslationSlot, others: readonly OtherMember[]): SlotTranslations {
  const forEveryone = others.every(readableByEveryone)
    ? textOf(Object.fromEntries(others.map((m) => [m.language, m.id])))
    : undefined;
  return { group: slot.group, language: slot.member.language, others, ...(forEveryone ? { forEveryone } : {}) };
}

const textOf = (value: Translations): ShownTranslations => ({ value, json: JSON.stringify(value) });

/** Published posts (and terms) are everyone's to read; anything else depends on the caller. */
const readableByEveryone = (member: OtherMember): boolean =>
  member.standing === undefined || member.standing.status === 'publish';

/** The members `caller` may read, in the group's language order. */
function shownTo(caller: Caller, known: SlotTranslations): ShownTranslations {
  if (known.forEveryone) return known.forEveryone;
  const value: Translations = {};
  for (const member of known.others) {
    if (member.standing === undefined || canReadPost(caller, member.standing)) value[member.language] = member.id;
  }
  return textOf(value);
}

/**
 * The `translations` each slot shows `caller`, in slot order: the other live members of its group that the caller may
 * read, so that a draft's id is not handed to those who may not see the draft. Each item's members are remembered at
 * the read model's position whoever asked, so a page read again looks nothing up; the others cost one group lookup
 * per kind and group, plus one document per other member of a post group. Answered in the calling turn when nothing
 * needs looking up, or when the read model answers in the calling turn (`readsNow`): a single read then makes no
 * promise for its translations.
 */
function lookUpTranslations(
  readStore: ReadStore,
  memo: ReadModelMemo,
  caller: Caller,
  slots: readonly TranslationSlot[],
): ShownTranslations[] | Promise<ShownTranslations[]> {
  const tables = new Map<TranslatedKind, Map<number, SlotTranslations>>();
  const tableOf = (kind: TranslatedKind) => {
    let table = tables.get(kind);
    if (!table) tables.set(kind, (table = memo.table<SlotTranslations>(`translations:${kind}`)));
    return table;
  };
  const found = slots.map((slot) => rememberedFor(slot, tableOf(slot.kind).get(slot.member.id)));
  const shown = () => (found as SlotTranslations[]).map((known) => shownTo(caller, known));
  const now = readStore.readsNow;
  if (found.every((known) => known !== undefined)) return shown();
  if (now === undefined) return lookUpThroughPort(readStore, slots, found, tableOf).then(shown);
  for (const [index, slot] of slots.entries()) {
    if (found[index]) continue;
    const others = othersNow(
      now,
      slot.kind,
      othersIn(slot, now[collectionKeyOf(slot.kind)].translationsOf(slot.group)),
    );
    tableOf(slot.kind).set(slot.member.id, (found[index] = slotTranslations(slot, others)));
  }
  return shown();
}

/** Fills `found`'s missing slots through the port, one group lookup per kind and group. */
async function lookUpThroughPort(
  readStore: ReadStore,
  slots: readonly TranslationSlot[],
  found: (SlotTranslations | undefined)[],
  tableOf: (kind: TranslatedKind) => Map<number, SlotTranslations>,
): Promise<void> {
  const groups = new Map<string, Promise<Translations>>();
  const groupOf = (slot: TranslationSlot) => {
    const key = `${slot.kind}:${slot.group}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = readStore[collectionKeyOf(slot.kind)].translationsOf(slot.group)));
    return group;
  };
  for (const [index, slot] of slots.entries()) {
    if (found[index]) continue;
    const others = await othersOf(readStore, slot.kind, othersIn(slot, await groupOf(slot)));
    tableOf(slot.kind).set(slot.member.id, (found[index] = slotTranslations(slot, others)));
  }
}

/** Translation groups are looked up in the read model, once per projected position (the memo). */
export type TranslationFillDeps = Pick<HttpParts, 'readStore' | 'memo'>;

/** Completes the marked `translations` objects of a response body for `caller` (texts and buffers have none). */
export async function fillTranslations(body: unknown, deps: TranslationFillDeps, caller: Caller): Promise<void> {
  const pending = pendingTranslations(body);
  if (pending.length === 0) return;
  const translations = await lookUpTranslations(
    deps.readStore,
    deps.memo,
    caller,
    pending.map(({ slot }) => slot),
  );
  pending.forEach(({ target }, index) => Object.assign(target, translations[index]?.value));
}

export function translationFill(deps: TranslationFillDeps): Middleware {
  return async (ctx, next) => {
    await next();
    await fillTranslations(ctx.body, deps, (ctx.state as { caller?: Caller }).caller ?? anonymous);
  };
}

/**
 * The text of a body assembled as JSON text, its `translations` filled the same way for `caller`. Pages kept as
 * bytes for anonymous callers (sharedPages.ts) are rendered for an anonymous caller, so they hold what all of them
 * may read.
 */
export function renderJsonText(out: JsonText, deps: TranslationFillDeps, caller: Caller): string | Promise<string> {
  return out.render((slots) => {
    const shown = lookUpTranslations(deps.readStore, deps.memo, caller, slots);
    return shown instanceof Promise ? shown.then(jsonOf) : jsonOf(shown);
  });
}

const jsonOf = (shown: readonly ShownTranslations[]): string[] => shown.map(({ json }) => json);
