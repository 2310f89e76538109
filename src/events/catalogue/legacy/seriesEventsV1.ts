// Schema version 1 of the series split, frozen: it did not record what the new series starts as. Version 2 only adds
// that (optional) field, so stored version 1 data reads as version 2 unchanged.
import * as t from 'io-ts';
import { LocalDateTimeText } from '../values.ts';

export const EventSeriesSplitV1 = t.type({
  type: t.literal('EventSeriesSplit'),
  data: t.type({
    id: t.number,
    occurrence: t.number,
    originalStart: LocalDateTimeText,
    newSeries: t.number,
    recurrence: t.array(t.string),
    removed: t.array(t.number),
  }),
});
