// Completes the `translations` keys of a response body from the read model, one group lookup per kind and group,
// with the members the caller may read.
import type { Middleware } from 'koa';
import type { JsonText } from '../representation/jsonText.ts';
import type { ReadModelMemo } from '../readModelMemo.ts';
import type { HttpParts } from '../services.ts';
import type { ReadStore } from '../../projections/readStore.ts';
import type { Translations } from '../../projections/translationGroups.ts';
import { pendingTranslations, type TranslatedKind, type TranslationSlot } from '../representation/translationSlots.ts';
import { anonymous, canReadPost, type Caller } from '../auth/caller.ts';
import {
  collectionKeyOf,
  groupMembersNow,
  othersAmong,
  othersIn,
  othersOf,
  slotTranslations,
  textOf,
  type OtherMember,
  type ShownTranslations,
  type SlotTranslations,
} from './translationMembers.ts';

const rememberedFor = (slot: TranslationSlot, known: SlotTranslations | undefined): SlotTranslations | undefined =>
  known && known.group === slot.group && known.language === slot.member.language ? known : undefined;

/** The members `caller` may read, in the group's language order. */
function shownTo(caller: Caller, known: SlotTranslations): ShownTranslations {
  if (known.forEveryone) return known.forEveryone;
  const value: Translations = {};
  for (const member of known.others) {
    if (member.standing === undefined || canReadPost(caller, member.standing)) value[member.language] = member.id;
  }
  return textOf(value);
}

/** What a member alone in its group shows every caller: no translations (shared, so frozen). */
const noTranslations: ShownTranslations = Object.freeze({ value: Object.freeze({}), json: '{}' });

const kinds: readonly TranslatedKind[] = ['event', 'venue', 'organizer', 'category', 'tag'];
/** The memo's table names, made once: a name built per lookup is a new string to hash on every read. */
const tableNames = (prefix: string) =>
  Object.fromEntries(kinds.map((kind) => [kind, `${prefix}${kind}`])) as Record<TranslatedKind, string>;
const memberTableNames = tableNames('translations:');
const groupTableNames = tableNames('translation groups:');

/** The memo's table of each kind at this position, taken at most once per response and only if needed. */
type MemoTables = (kind: TranslatedKind) => Map<number, SlotTranslations>;

function memoTablesOf(memo: ReadModelMemo): MemoTables {
  const tables: Partial<Record<TranslatedKind, Map<number, SlotTranslations>>> = {};
  return (kind) => (tables[kind] ??= memo.table<SlotTranslations>(memberTableNames[kind]));
}

/**
 * The `translations` each slot shows `caller`, in slot order: the other live members of its group that the caller may
 * read, so that a draft's id is not handed to those who may not see the draft. A member alone in its group (most are)
 * shows `{}` to everyone, answered from the read model's group index in the calling turn when it answers there
 * (`readsNow`) with nothing built or remembered. Each other item's members are remembered at the read model's
 * position whoever asked, so a page read again looks nothing up; the rest cost one group lookup per kind and group,
 * plus one document per other member of a post group. Answered in the calling turn when nothing needs looking up, or
 * when the read model answers in the calling turn: a single read then makes no promise for its translations.
 */
function lookUpTranslations(
  readStore: ReadStore,
  memo: ReadModelMemo,
  caller: Caller,
  slots: readonly TranslationSlot[],
): ShownTranslations[] | Promise<ShownTranslations[]> {
  const tableOf = memoTablesOf(memo);
  const now = readStore.readsNow;
  const found: (SlotTranslations | undefined)[] = [];
  let missing = false;
  for (const slot of slots) {
    const alone = now !== undefined && now[collectionKeyOf(slot.kind)].aloneInGroup(slot.group, slot.member.id);
    const known = alone ? aloneInGroup : rememberedFor(slot, tableOf(slot.kind).get(slot.member.id));
    found.push(known);
    if (known === undefined) missing = true;
  }
  const shown = () => (found as SlotTranslations[]).map((known) => shownTo(caller, known));
  if (!missing) return shown();
  if (now === undefined) return lookUpThroughPort(readStore, slots, found, tableOf).then(shown);
  const groupsOf = groupTablesOf(memo);
  for (const [index, slot] of slots.entries()) {
    if (found[index]) continue;
    const groups = groupsOf(slot.kind);
    let members = groups.get(slot.group);
    if (members === undefined) groups.set(slot.group, (members = groupMembersNow(now, slot.kind, slot.group)));
    tableOf(slot.kind).set(slot.member.id, (found[index] = slotTranslations(slot, othersAmong(slot, members))));
  }
  return shown();
}

/** Each kind's groups read at this position (`groupMembersNow`), taken at most once per response. */
function groupTablesOf(memo: ReadModelMemo): (kind: TranslatedKind) => Map<number, readonly OtherMember[]> {
  const tables: Partial<Record<TranslatedKind, Map<number, readonly OtherMember[]>>> = {};
  return (kind) => (tables[kind] ??= memo.table<readonly OtherMember[]>(groupTableNames[kind]));
}

/** What `found` holds for a member alone in its group: never remembered, shown as `{}` to everyone. */
const aloneInGroup: SlotTranslations = Object.freeze({
  group: 0,
  language: '',
  others: [],
  forEveryone: noTranslations,
});

/** Fills `found`'s missing slots through the port, one group lookup per kind and group. */
async function lookUpThroughPort(
  readStore: ReadStore,
  slots: readonly TranslationSlot[],
  found: (SlotTranslations | undefined)[],
  tableOf: MemoTables,
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
