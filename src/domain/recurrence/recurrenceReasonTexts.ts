// The words of every recurrence reason (recurrenceReasons.ts) in English, Catalan and Spanish: what to send instead.
// The HTTP edge imports `recurrenceReasonText` next to its other parameter reasons.
import type { RecurrenceReason, RecurrenceReasonCode } from './recurrenceReasons.ts';

export type RecurrenceMessageLanguage = 'en' | 'ca' | 'es';

type Texts = Readonly<Record<RecurrenceMessageLanguage, string>>;

const EXAMPLE = '["RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20260630"]';

/** `{line}`, `{value}`, `{part}` and `{limit}` are filled from the reason. */
export const recurrenceReasonTexts: Readonly<Record<RecurrenceReasonCode, Texts>> = {
  'recurrence-not-a-list': {
    en: `Must be a list of RFC 5545 lines (RRULE, RDATE, EXDATE), such as ${EXAMPLE}, or one such line as text.`,
    ca:
      `Ha de ser una llista de línies RFC 5545 (RRULE, RDATE, EXDATE), com ara ${EXAMPLE}, o una ` +
      `d'aquestes línies com a text.`,
    es:
      `Debe ser una lista de líneas RFC 5545 (RRULE, RDATE, EXDATE), como ${EXAMPLE}, o una de ` +
      `esas líneas como texto.`,
  },
  'recurrence-other-property': {
    en: 'Only RRULE, RDATE and EXDATE lines are accepted; the start comes from start_date. Refused: {line}',
    ca: "Només s'accepten línies RRULE, RDATE i EXDATE; l'inici ve de start_date. Refusada: {line}",
    es: 'Solo se aceptan líneas RRULE, RDATE y EXDATE; el inicio viene de start_date. Rechazada: {line}',
  },
  'recurrence-unreadable': {
    en:
      'Not an RFC 5545 line this service reads (parts NAME=VALUE separated by ";", dates as ' +
      '20260630 or 20260630T190000, parameters TZID and VALUE only): {line}',
    ca:
      'No és una línia RFC 5545 que aquest servei entengui (parts NOM=VALOR separades per ";", ' +
      'dates com 20260630 o 20260630T190000, només els paràmetres TZID i VALUE): {line}',
    es:
      'No es una línea RFC 5545 que este servicio entienda (partes NOMBRE=VALOR separadas por ' +
      '";", fechas como 20260630 o 20260630T190000, solo los parámetros TZID y VALUE): {line}',
  },
  'recurrence-unknown-time-zone': {
    en: 'TZID={value} is not a time zone: use a time zone database name such as Europe/Madrid.',
    ca: 'TZID={value} no és un fus horari: feu servir un nom de la base de dades de fusos com Europe/Madrid.',
    es: 'TZID={value} no es una zona horaria: usa un nombre de la base de datos de zonas como Europe/Madrid.',
  },
  'recurrence-missing-freq': {
    en: 'The RRULE needs FREQ (DAILY, WEEKLY, MONTHLY, YEARLY…), such as RRULE:FREQ=WEEKLY.',
    ca: 'La RRULE necessita FREQ (DAILY, WEEKLY, MONTHLY, YEARLY…), com ara RRULE:FREQ=WEEKLY.',
    es: 'La RRULE necesita FREQ (DAILY, WEEKLY, MONTHLY, YEARLY…), como RRULE:FREQ=WEEKLY.',
  },
  'recurrence-count-with-until': {
    en: 'The RRULE may end by COUNT or by UNTIL, not both: keep one.',
    ca: 'La RRULE pot acabar per COUNT o per UNTIL, no per tots dos: conserveu-ne un.',
    es: 'La RRULE puede terminar por COUNT o por UNTIL, no por ambos: conserva uno.',
  },
  'recurrence-until-before-start': {
    en: 'UNTIL is earlier than the start of the event: give a date on or after start_date.',
    ca: "UNTIL és anterior a l'inici de l'esdeveniment: indiqueu una data igual o posterior a start_date.",
    es: 'UNTIL es anterior al inicio del evento: indica una fecha igual o posterior a start_date.',
  },
  'recurrence-date-before-start': {
    en:
      'RDATE {value} is earlier than the start of the event, which is the first occurrence: move ' +
      'start_date or the date.',
    ca:
      "RDATE {value} és anterior a l'inici de l'esdeveniment, que n'és la primera ocurrència: " +
      'moveu start_date o la data.',
    es: 'RDATE {value} es anterior al inicio del evento, que es la primera repetición: mueve start_date o la fecha.',
  },
  'recurrence-value-out-of-range': {
    en:
      '{part}={value} is out of range (BYMONTH 1 to 12, BYMONTHDAY 1 to 31 or -31 to -1, BYDAY ' +
      'ordinals 1 to 5 in a month or 1 to 53 in a year, INTERVAL and COUNT at least 1).',
    ca:
      "{part}={value} és fora de rang (BYMONTH d'1 a 12, BYMONTHDAY d'1 a 31 o de -31 a -1, " +
      "ordinals de BYDAY d'1 a 5 en un mes o d'1 a 53 en un any, INTERVAL i COUNT com a mínim 1).",
    es:
      '{part}={value} está fuera de rango (BYMONTH de 1 a 12, BYMONTHDAY de 1 a 31 o de -31 a -1, ' +
      'ordinales de BYDAY de 1 a 5 en un mes o de 1 a 53 en un año, INTERVAL y COUNT como mínimo ' +
      '1).',
  },
  'recurrence-two-rules': {
    en: 'At most one RRULE line: combine the rules into one, or add single dates with RDATE.',
    ca: 'Com a màxim una línia RRULE: combineu les regles en una, o afegiu dates soltes amb RDATE.',
    es: 'Como máximo una línea RRULE: combina las reglas en una, o añade fechas sueltas con RDATE.',
  },
  'recurrence-no-occurrence': {
    en:
      'These lines give no occurrence (a day that never exists, such as February 30, or every ' +
      'date excluded by EXDATE): check the rule against start_date.',
    ca:
      'Aquestes línies no donen cap ocurrència (un dia que no existeix mai, com el 30 de febrer, ' +
      'o totes les dates excloses per EXDATE): reviseu la regla amb start_date.',
    es:
      'Estas líneas no dan ninguna repetición (un día que nunca existe, como el 30 de febrero, o ' +
      'todas las fechas excluidas por EXDATE): revisa la regla con start_date.',
  },
  'recurrence-too-many-occurrences': {
    en: 'Too many occurrences: at most {limit} within the horizon. Add COUNT or UNTIL, or a larger INTERVAL.',
    ca: "Massa ocurrències: com a màxim {limit} dins de l'horitzó. Afegiu COUNT o UNTIL, o un INTERVAL més gran.",
    es: 'Demasiadas repeticiones: como máximo {limit} dentro del horizonte. Añade COUNT o UNTIL, o un INTERVAL mayor.',
  },
};

/** The reason in `language`, filled in. */
export function recurrenceReasonText(reason: RecurrenceReason, language: RecurrenceMessageLanguage): string {
  const text = recurrenceReasonTexts[reason.code][language];
  switch (reason.code) {
    case 'recurrence-other-property':
    case 'recurrence-unreadable':
      return text.replace('{line}', reason.line);
    case 'recurrence-unknown-time-zone':
    case 'recurrence-date-before-start':
      return text.replace('{value}', reason.value);
    case 'recurrence-value-out-of-range':
      return text.replace('{part}', reason.part).replace('{value}', reason.value);
    case 'recurrence-too-many-occurrences':
      return text.replace('{limit}', String(reason.limit));
    default:
      return text;
  }
}
