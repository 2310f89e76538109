// Organizer write side: reading an organizer write (docs/api.md
// §10.2) and the register, change and trash command handlers.
import type { Either } from 'fp-ts/lib/Either.js';
import type { OrganizerFacts } from '../../events/catalogue/organizers.ts';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import type { CommandError, InvalidParam } from '../errors.ts';
import type { WriteDeps } from '../writeDeps.ts';
import type { RegisterDefaults } from '../posts/itemDecider.ts';
import { readItemInput, type Args, type ItemInput, type ItemInputContext } from '../posts/itemInput.ts';
import {
  changeItemDetails,
  registerItem,
  trashItem,
  type DuplicateFinder,
  type ItemWritten,
} from '../posts/itemCommands.ts';
import type { WriteGuard } from '../posts/writeGuard.ts';
import type { BeforeTrash } from '../posts/postStreamWrites.ts';
import { organizerKind } from './organizerKind.ts';

export type OrganizerInput = ItemInput<OrganizerFacts>;

/**
 * Reads the organizer fields of a write; `args` holds the decoded parameters that were sent (image read separately).
 */
export function readOrganizerInput(args: Args, ctx: ItemInputContext): Either<InvalidParam[], OrganizerInput> {
  return readItemInput<OrganizerFacts>({ nameParam: 'organizer', textFields: ['phone', 'email'] }, args, ctx);
}

/** Creates an organizer, or answers with an identical existing one of the language without writing (§10.2). */
export const registerOrganizer = (
  deps: WriteDeps,
  organizers: DuplicateFinder,
  input: OrganizerInput & { request: { name: string } },
  defaults: RegisterDefaults,
  ctx: WriteContext,
): Promise<Either<CommandError, ItemWritten>> => registerItem(organizerKind, deps, organizers, input, defaults, ctx);

export const changeOrganizerDetails = (
  deps: WriteDeps,
  id: number,
  input: OrganizerInput,
  ctx: WriteContext,
  guard?: WriteGuard,
) => changeItemDetails(organizerKind, deps, id, input, ctx, guard);

/** `beforeTrash` runs inside the organizer's stream lock, right before the trash event is appended. */
export const trashOrganizer = (
  deps: WriteDeps,
  id: number,
  ctx: WriteContext,
  guard?: WriteGuard,
  beforeTrash?: BeforeTrash,
) => trashItem(organizerKind, deps, id, ctx, guard, beforeTrash);
