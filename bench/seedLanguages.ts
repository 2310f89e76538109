// The three languages of the seeded data set: which item is in which language, which items translate which, and the
// words titles and names are made of.
import type { Language } from '../src/events/catalogue/values.ts';

/**
 * Items come in runs of four: English root, its Spanish and Catalan translations, then an English item of its own.
 * Half the data is English (the language of requests without a language segment), a quarter each Spanish and Catalan,
 * and every run holds one full translation group. Counts that are multiples of four keep every language's share exact.
 */
const slotLanguages: readonly Language[] = ['en', 'es', 'ca', 'en'];

/** Position of an item inside its run of four; items with the same slot share a language. */
export const slotOf = (index: number): number => index % slotLanguages.length;

export const languageAt = (index: number): Language => slotLanguages[slotOf(index)] as Language;

/** Index of the English root this item translates, or undefined for an item that starts its own group. */
export function translationRootIndex(index: number): number | undefined {
  const slot = slotOf(index);
  return slot === 1 || slot === 2 ? index - slot : undefined;
}

/**
 * The index in `0..count-1` nearest below `index` that has the same slot as `slotSource`, so that links between items
 * (an event's venue, a category's parent) stay within one language. `count` must be a multiple of four.
 */
export function sameLanguageIndex(index: number, count: number, slotSource: number): number {
  const wrapped = index % count;
  return wrapped - slotOf(wrapped) + slotOf(slotSource);
}

/** The word that marks about 1% of event titles, for the search scenario; it appears nowhere else in the data. */
export const searchWord = 'jazz';

interface Vocabulary {
  readonly kinds: readonly string[];
  readonly qualities: readonly string[];
  readonly places: readonly string[];
  readonly category: string;
  readonly tag: string;
  readonly venue: string;
  readonly organizer: string;
  readonly sentence: string;
}

const vocabularies: Record<Language, Vocabulary> = {
  en: {
    kinds: [
      'Concert',
      'Workshop',
      'Lecture',
      'Market',
      'Festival',
      'Exhibition',
      'Screening',
      'Meetup',
      'Tour',
      'Recital',
    ],
    qualities: ['Spring', 'Evening', 'Family', 'Open', 'Community', 'Late', 'Summer', 'Winter', 'Weekend', 'Morning'],
    places: ['in the park', 'at the library', 'downtown', 'by the river', 'at the old mill', 'in the square'],
    category: 'Topic',
    tag: 'label',
    venue: 'Hall',
    organizer: 'Society',
    sentence: 'A gathering for neighbours and visitors with music, talks and food from local producers.',
  },
  es: {
    kinds: [
      'Concierto',
      'Taller',
      'Conferencia',
      'Mercado',
      'Festival',
      'Exposición',
      'Proyección',
      'Encuentro',
      'Visita',
      'Recital',
    ],
    qualities: [
      'primaveral',
      'nocturno',
      'familiar',
      'abierto',
      'vecinal',
      'tardío',
      'de verano',
      'de invierno',
      'de fin de semana',
      'matinal',
    ],
    places: ['en el parque', 'en la biblioteca', 'en el centro', 'junto al río', 'en el viejo molino', 'en la plaza'],
    category: 'Tema',
    tag: 'etiqueta',
    venue: 'Sala',
    organizer: 'Asociación',
    sentence: 'Un encuentro para vecinos y visitantes con música, charlas y comida de productores locales.',
  },
  ca: {
    kinds: [
      'Concert',
      'Taller',
      'Conferència',
      'Mercat',
      'Festival',
      'Exposició',
      'Projecció',
      'Trobada',
      'Visita',
      'Recital',
    ],
    qualities: [
      'de primavera',
      'nocturn',
      'familiar',
      'obert',
      'veïnal',
      'de tarda',
      "d'estiu",
      "d'hivern",
      'de cap de setmana',
      'matinal',
    ],
    places: ['al parc', 'a la biblioteca', 'al centre', 'vora el riu', 'al molí vell', 'a la plaça'],
    category: 'Tema',
    tag: 'etiqueta',
    venue: 'Sala',
    organizer: 'Associació',
    sentence: 'Una trobada per a veïns i visitants amb música, xerrades i menjar de productors locals.',
  },
};

export const vocabularyOf = (language: Language): Vocabulary => vocabularies[language];

/** A deterministic spread of an index over `0..modulo-1` (murmur3's finaliser), so patterns do not align with slots. */
export function spread(index: number, salt: number, modulo: number): number {
  let h = Math.imul(index + 1, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) % modulo;
}

/**
 * An event title in its language; about 1% carry {@link searchWord}. Titles end with the id, so every slug is unique.
 */
export function eventTitle(language: Language, index: number, id: number): string {
  const words = vocabularyOf(language);
  const kind = words.kinds[spread(index, 1, words.kinds.length)];
  const quality = words.qualities[spread(index, 2, words.qualities.length)];
  const place = words.places[spread(index, 3, words.places.length)];
  const marked = spread(index, 4, 100) === 0 ? ` ${searchWord}` : '';
  return language === 'en'
    ? `${quality} ${kind}${marked} ${place} ${id}`
    : `${kind}${marked} ${quality} ${place} ${id}`;
}
