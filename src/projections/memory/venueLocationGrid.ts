// A spatial index of event venue locations: fixed latitude/longitude cells → ids of the events with a venue inside.
import { earthRadiusMiles, type NearPoint, type VenueLocation } from '../events/venueLocations.ts';

const cellDegrees = 0.5;
const columns = 360 / cellDegrees;
/** Rounding slack (degrees) around the searched box, so a venue on a cell edge is never missed. */
const margin = 1e-6;

const rowOf = (lat: number): number => Math.floor((lat + 90) / cellDegrees);
/** Longitude 180 and −180 are one meridian, so columns wrap. */
const columnOf = (lng: number): number => ((Math.floor((lng + 180) / cellDegrees) % columns) + columns) % columns;
const cellKey = (row: number, column: number): number => row * columns + column;
const degrees = (radians: number): number => (radians * 180) / Math.PI;

/**
 * Candidates, not answers: the cells covering the bounding box of a circle hold every event with a venue within it
 * and some beyond, which the exact distance check of `matchesEventQuery` then leaves out.
 */
export class VenueLocationGrid {
  private readonly cells = new Map<number, Set<number>>();
  private readonly cellsOfEvent = new Map<number, number[]>();

  /** Ids of the events with at least one located venue. */
  located(): number[] {
    return [...this.cellsOfEvent.keys()];
  }

  /** Replaces the event's locations (none: the event leaves the index). */
  set(id: number, locations: readonly VenueLocation[]): void {
    this.remove(id);
    if (locations.length === 0) return;
    const keys = [...new Set(locations.map(({ coordinates: [lng, lat] }) => cellKey(rowOf(lat), columnOf(lng))))];
    for (const key of keys) {
      let ids = this.cells.get(key);
      if (!ids) this.cells.set(key, (ids = new Set()));
      ids.add(id);
    }
    this.cellsOfEvent.set(id, keys);
  }

  private remove(id: number): void {
    for (const key of this.cellsOfEvent.get(id) ?? []) {
      const ids = this.cells.get(key);
      ids?.delete(id);
      if (ids?.size === 0) this.cells.delete(key);
    }
    this.cellsOfEvent.delete(id);
  }

  /** Every event with a venue within `near.miles` of the point, and possibly some further away. */
  candidates(near: NearPoint): number[] {
    const box = boundingCells(near);
    if (!box) return this.located();
    const { rowLow, rowHigh, columnLow, columnSpan } = box;
    const inColumns = (column: number) => (((column - columnLow) % columns) + columns) % columns <= columnSpan;
    const found = new Set<number>();
    const collect = (ids: Set<number> | undefined) => ids?.forEach((id) => found.add(id));
    if ((rowHigh - rowLow + 1) * (columnSpan + 1) <= this.cells.size) {
      for (let row = rowLow; row <= rowHigh; row++) {
        for (let step = 0; step <= columnSpan; step++)
          collect(this.cells.get(cellKey(row, (columnLow + step) % columns)));
      }
    } else {
      // A wide circle over a sparse grid: visiting the occupied cells is cheaper than visiting the covered ones.
      for (const [key, ids] of this.cells) {
        const row = Math.floor(key / columns);
        if (row >= rowLow && row <= rowHigh && inColumns(key % columns)) collect(ids);
      }
    }
    return [...found];
  }
}

/**
 * The cells of the circle's bounding box: its latitude band, and the longitude extent of a spherical cap,
 * asin(sin r / cos φ). Undefined when the circle reaches a pole, where every longitude is within it.
 */
function boundingCells(
  near: NearPoint,
): { rowLow: number; rowHigh: number; columnLow: number; columnSpan: number } | undefined {
  const radius = near.miles / earthRadiusMiles;
  const latRadians = (near.lat * Math.PI) / 180;
  if (!(radius < Math.PI / 2 - Math.abs(latRadians))) return undefined;
  const dLat = degrees(radius) + margin;
  const dLng = degrees(Math.asin(Math.sin(radius) / Math.cos(latRadians))) + margin;
  const rowLow = rowOf(Math.max(-90, near.lat - dLat));
  const rowHigh = rowOf(Math.min(90, near.lat + dLat));
  const columnLow = columnOf(near.lng - dLng);
  const span = Math.floor((near.lng + dLng + 180) / cellDegrees) - Math.floor((near.lng - dLng + 180) / cellDegrees);
  return { rowLow, rowHigh, columnLow, columnSpan: Math.min(span, columns - 1) };
}
