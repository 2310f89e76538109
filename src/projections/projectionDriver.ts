// How recorded events reach the read model: one projector code (synchronous, over a ProjectionTarget) and two drivers.
// A read store that answers in the calling turn (the memory read model) is written at once, without a promise per
// event; any other goes through a unit of work that loads what a step reads and writes out what it wrote.
import type { RecordedEvent } from '../events/eventStore.ts';
import type { ReadStore } from './readStore.ts';
import type { ProjectionHandler } from './projectionHandler.ts';
import type { ProjectionTarget } from './projectionTarget.ts';
import type { VenueLocations } from './events/venueLocations.ts';
import { applyToHandlers, handledEventOf, handledTypes } from './projectionStep.ts';
import { settleStaleCounts } from './terms/termCounts.ts';
import { BufferedProjection } from './writeBehind/bufferedProjection.ts';

export interface ProjectionDriver {
  /** Applies one recorded event; undefined when that is done in the calling turn, else the promise of it. */
  apply(recorded: RecordedEvent): Promise<void> | undefined;
  /** Derives the counts left marked stale (termCounts.ts); undefined when done in the calling turn. */
  settleCounts(): Promise<void> | undefined;
  /** Writes out what the applied events wrote; undefined when nothing waits (always, for a direct driver). */
  flush(): Promise<void> | undefined;
  /** Forgets what a failed event left unwritten, before it is delivered again. */
  discard(): void;
}

/**
 * The direct driver when `readStore` has a projection target and no write-behind is asked for; else a unit of work.
 * `venueLocations`: the read model's memo (`ProjectionMemos.venues`), for documents a unit of work re-embeds.
 */
export function projectionDriver(
  readStore: ReadStore,
  handlers: readonly ProjectionHandler[],
  venueLocations: VenueLocations,
  { writeBehind = false }: { readonly writeBehind?: boolean } = {},
): ProjectionDriver {
  const types = handledTypes(handlers);
  const target = readStore.projectionTarget;
  if (target && !writeBehind) return new DirectDriver(target, handlers, types);
  return new UnitOfWorkDriver(new BufferedProjection(readStore, venueLocations), handlers, types);
}

class DirectDriver implements ProjectionDriver {
  constructor(
    private readonly target: ProjectionTarget,
    private readonly handlers: readonly ProjectionHandler[],
    private readonly types: ReadonlySet<string> | undefined,
  ) {}

  apply(recorded: RecordedEvent): undefined {
    const event = handledEventOf(recorded, this.types);
    if (event) applyToHandlers(event, recorded, this.handlers, this.target);
    return undefined;
  }

  settleCounts(): undefined {
    settleStaleCounts(this.target);
    return undefined;
  }

  flush(): undefined {
    return undefined;
  }

  discard(): void {}
}

class UnitOfWorkDriver implements ProjectionDriver {
  constructor(
    private readonly unit: BufferedProjection,
    private readonly handlers: readonly ProjectionHandler[],
    private readonly types: ReadonlySet<string> | undefined,
  ) {}

  apply(recorded: RecordedEvent): Promise<void> | undefined {
    const event = handledEventOf(recorded, this.types);
    if (!event) return undefined;
    return this.unit.run((target) => applyToHandlers(event, recorded, this.handlers, target));
  }

  settleCounts(): Promise<void> {
    return this.unit.run(settleStaleCounts);
  }

  flush(): Promise<void> | undefined {
    return this.unit.flush();
  }

  discard(): void {
    this.unit.clear();
  }
}
