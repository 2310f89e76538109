// Venue write side: reading a venue write (docs/api.md §10.2) and the register, change and trash command handlers.
import type { Either } from 'fp-ts/lib/Either.js';
import type { VenueFacts } from '../../events/catalogue/venues.ts';
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
import { venueKind } from './venueKind.ts';
import { readCoordinates } from './venueCoordinates.ts';

export type VenueInput = ItemInput<VenueFacts>;

const venueTextFields = ['address', 'city', 'country', 'province', 'state', 'stateprovince', 'zip', 'phone'];

/**
 * Reads the venue fields of a write; `args` holds the decoded parameters that were sent, plus the raw `geo_lat` and
 * `geo_lng` (undeclared), which count only with the extended add-on on and become the request's `coordinates`
 * (see venueCoordinates.ts). The image is read separately (it needs the store).
 */
export function readVenueInput(args: Args, ctx: ItemInputContext): Either<InvalidParam[], VenueInput> {
  return readItemInput<VenueFacts>(
    {
      nameParam: 'venue',
      textFields: venueTextFields,
      readOwn(a, c, request, fail) {
        if (typeof a.show_map === 'boolean') request.showMap = a.show_map;
        if (typeof a.show_map_link === 'boolean') request.showMapLink = a.show_map_link;
        if (!c.extendedAddOn) return;
        const coordinates = readCoordinates(a, fail);
        if (coordinates) request.coordinates = coordinates;
      },
    },
    args,
    ctx,
  );
}

/** Creates a venue, or answers with an identical existing one of the language without writing (§10.2 Duplicates). */
export const registerVenue = (
  deps: WriteDeps,
  venues: DuplicateFinder,
  input: VenueInput & { request: { name: string } },
  defaults: RegisterDefaults,
  ctx: WriteContext,
): Promise<Either<CommandError, ItemWritten>> => registerItem(venueKind, deps, venues, input, defaults, ctx);

export const changeVenueDetails = (
  deps: WriteDeps,
  id: number,
  input: VenueInput,
  ctx: WriteContext,
  guard?: WriteGuard,
) => changeItemDetails(venueKind, deps, id, input, ctx, guard);

/** `beforeTrash` runs inside the venue's stream lock, right before the trash event is appended. */
export const trashVenue = (
  deps: WriteDeps,
  id: number,
  ctx: WriteContext,
  guard?: WriteGuard,
  beforeTrash?: BeforeTrash,
) => trashItem(venueKind, deps, id, ctx, guard, beforeTrash);
