// A unit of work over an asynchronous read store (MongoDB, or any wrapper of the port): the projectors write through
// its synchronous target (projectionTarget.ts), which reads what it loaded and keeps what they wrote; the flush then
// writes it out as one bulk write per collection. The live runner flushes after every event, a write-behind replay
// (docs/operations.md, rebuild) after a batch of them.
import type { ReadStore } from '../readStore.ts';
import type { VenueLocations } from '../events/venueLocations.ts';
import type { ProjectionTarget } from '../projectionTarget.ts';
import type { VenueDocument } from '../venues/venueDocument.ts';
import type { OrganizerDocument } from '../organizers/organizerDocument.ts';
import { LoadedDocuments } from './loadedDocuments.ts';
import { UndoLog } from './undoLog.ts';
import { BufferedEvents } from './bufferedEvents.ts';
import { BufferedItems } from './bufferedItems.ts';
import { BufferedTerms } from './bufferedTerms.ts';

/** A step reads a bounded set of documents, each round loads at least one more: past this, something is wrong. */
const maxRounds = 100;

export class BufferedProjection {
  readonly target: ProjectionTarget;
  private readonly loaded: LoadedDocuments;
  private readonly log = new UndoLog();
  private readonly events: BufferedEvents;
  private readonly venues: BufferedItems<VenueDocument>;
  private readonly organizers: BufferedItems<OrganizerDocument>;
  private readonly categories: BufferedTerms;
  private readonly tags: BufferedTerms;

  /** `venueLocations`: the read model's memo, for the locations that follow re-embedded venues. */
  constructor(
    private readonly inner: ReadStore,
    venueLocations: VenueLocations,
  ) {
    const loaded = (this.loaded = new LoadedDocuments(inner));
    this.events = new BufferedEvents(loaded, this.log, venueLocations);
    this.venues = new BufferedItems((id) => loaded.venue(id), this.log);
    this.organizers = new BufferedItems((id) => loaded.organizer(id), this.log);
    this.categories = new BufferedTerms('categories', loaded, this.log);
    this.tags = new BufferedTerms('tags', loaded, this.log);
    const { events, venues, organizers, categories, tags } = this;
    this.target = { events, venues, organizers, categories, tags };
  }

  /**
   * Runs `step` until it ran with everything it read loaded: a run that read something not loaded yet is taken back
   * whole, what it missed is loaded, and it runs again. Its writes then stay in the unit until the flush; a step that
   * fails leaves none.
   */
  async run(step: (target: ProjectionTarget) => void): Promise<void> {
    for (let round = 1; ; round++) {
      let failure: { readonly error: unknown } | undefined;
      try {
        step(this.target);
      } catch (error) {
        // A run on documents not loaded yet may go wrong: only a run that missed nothing counts.
        failure = { error };
      }
      if (!this.loaded.missed && !failure) return this.log.keep();
      this.log.rollBack();
      if (!this.loaded.missed) throw failure?.error;
      if (round >= maxRounds) throw new Error(`a projection step still read unloaded documents after ${round} rounds`);
      await this.loaded.loadMisses();
    }
  }

  /**
   * Writes what the unit holds, then empties it (also when a write fails: the events are then delivered again, and
   * run on what the read store holds). The order keeps term counts convergent when a write fails half-way (the
   * checkpoint stays before the unit's events, and applying them again first settles the marked counts): term
   * documents and the marks of the counts the unit changes go first, then venues, organizers and events, then the
   * counts, which clear the marks. Undefined when the unit holds nothing.
   */
  flush(): Promise<void> | undefined {
    if (!this.holdsWrites()) {
      this.clear();
      return undefined;
    }
    return this.writeOut().finally(() => this.clear());
  }

  /** Forgets every write and every document loaded. */
  clear(): void {
    for (const part of [this.events, this.venues, this.organizers, this.categories, this.tags]) part.clear();
    this.loaded.clear();
  }

  private holdsWrites(): boolean {
    return [this.events, this.venues, this.organizers, this.categories, this.tags].some((part) => part.holdsWrites);
  }

  private async writeOut(): Promise<void> {
    const { inner } = this;
    for (const field of ['categories', 'tags'] as const) {
      const documents = this[field].documentWrites();
      if (documents) await inner[field].writeBatch(documents);
    }
    const venues = this.venues.writes();
    if (venues) await inner.venues.putMany(venues);
    const organizers = this.organizers.writes();
    if (organizers) await inner.organizers.putMany(organizers);
    const events = this.events.writes();
    if (events) await inner.events.writeBatch(events);
    for (const field of ['categories', 'tags'] as const) {
      const counts = this[field].countWrites();
      if (counts) await inner[field].writeBatch(counts);
    }
  }
}
