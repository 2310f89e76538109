// Wire errors of `POST events.ics` (docs/api.md §21.2): a file that is not iCalendar (400, naming the first problem
// and its line), one too large (413), a body that is not a calendar (415).
import type { IcsProblemKind, IcsScanFailure } from '../../commands/icsImport/icsScan.ts';
import type { MessageLanguage } from './messages.ts';
import { WireError } from './wireError.ts';

type Texts = Readonly<Record<MessageLanguage, string>>;

/** What went wrong, by kind; `%s` is a component or property name. */
const problemTexts: Readonly<Record<IcsProblemKind, Texts>> = {
  'not-utf8': { en: 'the text is not UTF-8', ca: 'el text no és UTF-8', es: 'el texto no es UTF-8' },
  'line-too-long': {
    en: 'the content line is longer than 65536 characters',
    ca: 'la línia de contingut fa més de 65536 caràcters',
    es: 'la línea de contenido tiene más de 65536 caracteres',
  },
  'not-a-calendar': {
    en: 'the file does not begin with BEGIN:VCALENDAR',
    ca: 'el fitxer no comença amb BEGIN:VCALENDAR',
    es: 'el archivo no empieza con BEGIN:VCALENDAR',
  },
  'bad-content-line': {
    en: 'the line is not NAME:VALUE',
    ca: 'la línia no és NOM:VALOR',
    es: 'la línea no es NOMBRE:VALOR',
  },
  'end-without-begin': { en: 'END:%s without BEGIN', ca: 'END:%s sense BEGIN', es: 'END:%s sin BEGIN' },
  'end-mismatch': { en: '%s is not closed here', ca: '%s no es tanca aquí', es: '%s no se cierra aquí' },
  'not-closed': {
    en: '%s is never closed (END missing)',
    ca: '%s no es tanca mai (falta END)',
    es: '%s no se cierra nunca (falta END)',
  },
  'too-deep': {
    en: 'components are nested more than 6 deep',
    ca: 'els components estan niats a més de 6 nivells',
    es: 'los componentes están anidados a más de 6 niveles',
  },
  'after-end': {
    en: 'content after END:VCALENDAR',
    ca: 'contingut després de END:VCALENDAR',
    es: 'contenido después de END:VCALENDAR',
  },
  unreadable: {
    en: 'the calendar cannot be read',
    ca: 'el calendari no es pot llegir',
    es: 'el calendario no se puede leer',
  },
  'rrule-too-large': {
    en: 'the VEVENT that begins here repeats more often than any calendar needs (RRULE)',
    ca: 'el VEVENT que comença aquí es repeteix més sovint del que cap calendari necessita (RRULE)',
    es: 'el VEVENT que empieza aquí se repite más a menudo de lo que ningún calendario necesita (RRULE)',
  },
  'bad-value': {
    en: 'the VEVENT that begins here has a %s that is not a valid value',
    ca: 'el VEVENT que comença aquí té un %s que no és un valor vàlid',
    es: 'el VEVENT que empieza aquí tiene un %s que no es un valor válido',
  },
};

const notCalendar: Texts = {
  en: 'The file is not iCalendar: line %d: %s.',
  ca: 'El fitxer no és iCalendar: línia %d: %s.',
  es: 'El archivo no es iCalendar: línea %d: %s.',
};

const tooManyComponents: Texts = {
  en: 'The calendar file holds more than %d components.',
  ca: 'El fitxer de calendari té més de %d components.',
  es: 'El archivo de calendario tiene más de %d componentes.',
};

export const notACalendarBody = new WireError(415, 'cal_ics_not_calendar', (language) => ({
  message: {
    en: 'Send the calendar file with Content-Type: text/calendar.',
    ca: 'Envieu el fitxer de calendari amb Content-Type: text/calendar.',
    es: 'Envía el archivo de calendario con Content-Type: text/calendar.',
  }[language],
  data: {},
}));

export function icsWireError(failure: IcsScanFailure): WireError {
  if (failure.kind === 'too-many-components') {
    return new WireError(413, 'cal_ics_too_many_components', (language) => ({
      message: tooManyComponents[language].replace('%d', String(failure.limit)),
      data: { limit: failure.limit },
    }));
  }
  return new WireError(400, 'cal_ics_invalid', (language) => {
    const problem = problemTexts[failure.kind][language].replace('%s', failure.name ?? 'value');
    return {
      message: notCalendar[language].replace('%d', String(failure.line)).replace('%s', problem),
      data: { line: failure.line, problem: failure.kind },
    };
  });
}
