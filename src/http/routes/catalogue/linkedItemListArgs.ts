// Arguments of `GET /venues` and `GET /organizers` (docs/api.md §7), which differ only in their nouns.
import type { ArgSpec } from '../../params/argSpec.ts';
import { BooleanLike, NonBlankString, PositiveInt, StatusFilter } from '../../params/codecs.ts';
import { optionalArg, pageArg, perPageArg, withLanguage } from './routeSpec.ts';

/** `plural` is the capitalised collection noun, `Venues` or `Organizers`. */
export function linkedItemListArgs(plural: 'Venues' | 'Organizers'): readonly ArgSpec[] {
  return withLanguage(
    pageArg,
    perPageArg(plural.toLowerCase()),
    optionalArg('search', NonBlankString, {
      description: `${plural} should contain the specified string in the title, description or custom fields`,
      type: 'string',
    }),
    optionalArg('event', PositiveInt, { description: `${plural} should be related to this event`, type: 'integer' }),
    optionalArg('has_events', BooleanLike, { description: `${plural} should have events associated to them` }),
    optionalArg('only_with_upcoming', BooleanLike, {
      description: `${plural} should have upcoming events associated to them`,
      default: false,
    }),
    // The reference says "organizer" on the venue list too.
    optionalArg('status', StatusFilter, { format: 'string', description: 'The organizer post status' }),
  );
}
