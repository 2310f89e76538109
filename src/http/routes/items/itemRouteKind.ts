// What the venue and organizer routes differ in: names, collection, representation, input reader and handlers.
import type { Either } from 'fp-ts/lib/Either.js';
import type { CommandError, InvalidParam } from '../../../commands/errors.ts';
import type { WriteDeps } from '../../../commands/writeDeps.ts';
import type { WriteContext } from '../../../events/catalogue/envelope.ts';
import type { ItemFacts, RegisterDefaults } from '../../../commands/posts/itemDecider.ts';
import type { Args, ItemInput, ItemInputContext } from '../../../commands/posts/itemInput.ts';
import type { DuplicateFinder, ItemWritten } from '../../../commands/posts/itemCommands.ts';
import type { BeforeTrash } from '../../../commands/posts/postStreamWrites.ts';
import type { WriteGuard } from '../../../commands/posts/writeGuard.ts';
import {
  changeVenueDetails,
  readVenueInput,
  registerVenue,
  trashVenue,
} from '../../../commands/venues/venueCommands.ts';
import {
  changeOrganizerDetails,
  readOrganizerInput,
  registerOrganizer,
  trashOrganizer,
} from '../../../commands/organizers/organizerCommands.ts';
import type { Page } from '../../../projections/events/eventListQuery.ts';
import type { PostListQuery } from '../../../projections/postListQuery.ts';
import type { ItemDocument } from '../../../projections/posts/itemDocument.ts';
import type { DuplicateProbe } from '../../../projections/posts/duplicateProbe.ts';
import type { ReadStore } from '../../../projections/readStore.ts';
import type { VenueDocument } from '../../../projections/venues/venueDocument.ts';
import type { OrganizerDocument } from '../../../projections/organizers/organizerDocument.ts';
import { organizerDocumentAt, venueDocumentAt } from '../../../projections/posts/itemDocumentAt.ts';
import type { FoldSource } from '../../../projections/history/streamFolds.ts';
import type { FoldPoint } from '../../../projections/history/foldPoint.ts';
import type { Wire } from '../../representation/blanking.ts';
import { organizerRepresentation, venueRepresentation } from '../../representation/itemRepresentation.ts';
import type { Addresses, SiteSettings } from '../../representation/site.ts';
import type { PostRouteArgs } from '../catalogue/routeSpec.ts';
import * as catalogue from '../catalogue/index.ts';

export interface ItemCollectionPort<D extends ItemDocument> {
  get(id: number): Promise<D | undefined>;
  bySlug(language: string, slug: string): Promise<D[]>;
  list(query: PostListQuery): Promise<Page<D>>;
  findDuplicate(language: string, probe: DuplicateProbe): Promise<D | undefined>;
}

/** The declared argument lists of the item routes (the same shape the route catalogue uses). */
export type ItemArgs = Omit<PostRouteArgs, 'updateDocBody' | 'bySlugUpdateDocBody'>;

type Input = ItemInput<ItemFacts>;

export interface ItemRouteKind<D extends ItemDocument> {
  readonly singular: 'venue' | 'organizer';
  readonly plural: 'venues' | 'organizers';
  readonly args: ItemArgs;
  /** Parameters the routes read without declaring them (venue coordinates). */
  readonly undeclared: readonly string[];
  collection(readStore: ReadStore): ItemCollectionPort<D>;
  represent(doc: D, settings: SiteSettings, addresses: Addresses, withJsonLd: boolean): Wire;
  readInput(args: Args, ctx: ItemInputContext): Either<InvalidParam[], Input>;
  register(
    deps: WriteDeps,
    dup: DuplicateFinder,
    input: Input & { request: { name: string } },
    d: RegisterDefaults,
    ctx: WriteContext,
  ): Promise<Either<CommandError, ItemWritten>>;
  change(
    deps: WriteDeps,
    id: number,
    input: Input,
    ctx: WriteContext,
    guard: WriteGuard,
  ): Promise<Either<CommandError, ItemWritten>>;
  trash(
    deps: WriteDeps,
    id: number,
    ctx: WriteContext,
    guard: WriteGuard,
    beforeTrash?: BeforeTrash,
  ): Promise<Either<CommandError, ItemWritten>>;
  /** The document folded up to a revision (write responses) or a global point (`as_of` reads). */
  documentAt(store: FoldSource, id: number, at: bigint | FoldPoint): Promise<D | undefined>;
}

export const venueRouteKind: ItemRouteKind<VenueDocument> = {
  singular: 'venue',
  plural: 'venues',
  args: catalogue.venueArgs,
  undeclared: ['geo_lat', 'geo_lng'],
  collection: (readStore) => readStore.venues,
  represent: venueRepresentation,
  readInput: (args, ctx) => readVenueInput(args, ctx) as Either<InvalidParam[], Input>,
  register: (deps, dup, input, d, ctx) =>
    registerVenue(deps, dup, input as Parameters<typeof registerVenue>[2], d, ctx),
  change: (deps, id, input, ctx, guard) =>
    changeVenueDetails(deps, id, input as Parameters<typeof changeVenueDetails>[2], ctx, guard),
  trash: trashVenue,
  documentAt: venueDocumentAt,
};

export const organizerRouteKind: ItemRouteKind<OrganizerDocument> = {
  singular: 'organizer',
  plural: 'organizers',
  args: catalogue.organizerArgs,
  undeclared: [],
  collection: (readStore) => readStore.organizers,
  represent: organizerRepresentation,
  readInput: (args, ctx) => readOrganizerInput(args, ctx) as Either<InvalidParam[], Input>,
  register: (deps, dup, input, d, ctx) =>
    registerOrganizer(deps, dup, input as Parameters<typeof registerOrganizer>[2], d, ctx),
  change: (deps, id, input, ctx, guard) =>
    changeOrganizerDetails(deps, id, input as Parameters<typeof changeOrganizerDetails>[2], ctx, guard),
  trash: trashOrganizer,
  documentAt: organizerDocumentAt,
};
