// The memo objects a composition root makes and hands down, for tests that call the functions taking them directly.
import { ZoneClock } from '../../src/domain/timeZone.ts';
import { allProjections } from '../../src/projections/allProjections.ts';
import { eventFoldingOf } from '../../src/projections/events/eventDocumentAt.ts';
import { resourceHistoryKinds } from '../../src/projections/history/resourceHistoryKinds.ts';
import type { ProjectionHandler } from '../../src/projections/projectionHandler.ts';
import { projectionMemos, type ProjectionMemos } from '../../src/projections/projectionMemos.ts';

/** One zone clock for the tests of a run: its answers are the same whichever clock gives them. */
export const testZones = new ZoneClock();

/** Projection memos for tests that build documents or read models directly (answers do not depend on the memos). */
export const testMemos: ProjectionMemos = projectionMemos(testZones);

/** The event fold of the tests, made once as a composition root makes it (the fold cache knows it by identity). */
export const testFolding = eventFoldingOf(testMemos);

/** The history kinds with that fold. */
export const testHistoryKinds = resourceHistoryKinds(testFolding);

/** Every projection, with the test memos. */
export const testProjections: readonly ProjectionHandler[] = allProjections(testMemos);
