// The words of every parameter reason (docs/api.md §13.1) in English, Catalan and Spanish: what to send instead.
import type { RecurrenceReason } from '../../domain/recurrence/recurrenceReasons.ts';
import { recurrenceReasonText } from '../../domain/recurrence/recurrenceReasonTexts.ts';
import type { ParamReason } from '../../commands/errors.ts';
import type { MessageLanguage } from './messages.ts';

type Texts = Readonly<Record<MessageLanguage, string>>;

const DATE_EXAMPLES = '2026-12-24 20:00, December 24, 2026 8pm, 12/24/2026, tomorrow 9am, next friday, +2 weeks';
/** The way to change the rule from an occurrence (docs/api.md §20.3), named the same in every language. */
const splitScope = 'recurrence_scope=following.';

/** `{limit}`, `{allowed}` and `{value}` are filled from the reason; recurrence reasons have texts of their own. */
const texts: Readonly<Record<Exclude<ParamReason, RecurrenceReason>['code'], Texts>> = {
  'event-end-before-start': {
    en: 'The end date must not be earlier than the start date.',
    ca: "La data de finalització no pot ser anterior a la data d'inici.",
    es: 'La fecha de finalización no puede ser anterior a la fecha de inicio.',
  },
  'extended-addon-required': {
    en: 'This parameter requires the extended add-on.',
    ca: 'Aquest paràmetre requereix el complement ampliat.',
    es: 'Este parámetro requiere el complemento ampliado.',
  },
  'event-tickets-not-active': {
    en: 'Ticketing is not available.',
    ca: "La venda d'entrades no està disponible.",
    es: 'La venta de entradas no está disponible.',
  },
  'not-a-date': {
    en: `Not a date and time this service reads. Examples: ${DATE_EXAMPLES} (slashes mean month/day/year).`,
    ca: `No és una data i hora que aquest servei entengui. Exemples: ${DATE_EXAMPLES} (amb barres, mes/dia/any).`,
    es: `No es una fecha y hora que este servicio entienda. Ejemplos: ${DATE_EXAMPLES} (con barras, mes/día/año).`,
  },
  'no-such-date': {
    en: 'There is no such date: the month has fewer days, or the month or time of day is out of range.',
    ca: "Aquesta data no existeix: el mes té menys dies, o el mes o l'hora estan fora de rang.",
    es: 'Esa fecha no existe: el mes tiene menos días, o el mes o la hora están fuera de rango.',
  },
  'amount-too-large': {
    en: 'A number in this date is too large: at most 9007199254740991.',
    ca: "Un nombre d'aquesta data és massa gran: com a màxim 9007199254740991.",
    es: 'Un número de esta fecha es demasiado grande: como máximo 9007199254740991.',
  },
  'date-out-of-range': {
    en: 'The date falls outside the years 0000 to 9999.',
    ca: 'La data queda fora dels anys 0000 a 9999.',
    es: 'La fecha queda fuera de los años 0000 a 9999.',
  },
  'too-long': {
    en: 'Too long: at most {limit} characters.',
    ca: 'Massa llarg: com a màxim {limit} caràcters.',
    es: 'Demasiado largo: como máximo {limit} caracteres.',
  },
  'too-many-entries': {
    en: 'Too many entries: at most {limit}.',
    ca: 'Massa elements: com a màxim {limit}.',
    es: 'Demasiados elementos: como máximo {limit}.',
  },
  'not-in-list': {
    en: 'Must be one of: {allowed}.',
    ca: "Ha de ser un d'aquests valors: {allowed}.",
    es: 'Debe ser uno de estos valores: {allowed}.',
  },
  'language-mismatch': {
    en: 'Differs from the language in the address ({value}): send the same one, or leave one out.',
    ca: "No coincideix amb la llengua de l'adreça ({value}): envieu la mateixa o ometeu-ne una.",
    es: 'No coincide con el idioma de la dirección ({value}): envía el mismo u omite uno de los dos.',
  },
  'not-a-positive-integer': {
    en: 'Must be a whole number of at least 1.',
    ca: 'Ha de ser un nombre enter igual o superior a 1.',
    es: 'Debe ser un número entero igual o mayor que 1.',
  },
  'not-a-non-negative-integer': {
    en: 'Must be a whole number of at least 0.',
    ca: 'Ha de ser un nombre enter igual o superior a 0.',
    es: 'Debe ser un número entero igual o mayor que 0.',
  },
  'not-a-boolean': {
    en: 'Must be true or false (1 or 0 also work).',
    ca: 'Ha de ser true o false (també valen 1 o 0).',
    es: 'Debe ser true o false (también valen 1 o 0).',
  },
  'not-a-number': { en: 'Must be a number.', ca: 'Ha de ser un nombre.', es: 'Debe ser un número.' },
  'not-text': { en: 'Must be text.', ca: 'Ha de ser text.', es: 'Debe ser texto.' },
  empty: {
    en: 'Must not be empty or only spaces.',
    ca: 'No pot ser buit ni contenir només espais.',
    es: 'No puede estar vacío ni contener solo espacios.',
  },
  'control-characters': {
    en: 'Must not contain control characters such as NUL (tabs and line breaks are fine).',
    ca: 'No pot contenir caràcters de control com NUL (es permeten tabulacions i salts de línia).',
    es: 'No puede contener caracteres de control como NUL (se permiten tabulaciones y saltos de línea).',
  },
  'not-an-email': {
    en: 'Must be an e-mail address, such as name@example.com, or empty to remove it.',
    ca: 'Ha de ser una adreça electrònica, com ara nom@example.com, o buit per a treure-la.',
    es: 'Debe ser una dirección de correo electrónico, como nombre@example.com, o vacío para quitarla.',
  },
  'not-a-url': {
    en: 'Must be an absolute http or https address with a host, such as https://example.com/, or empty to remove it.',
    ca:
      'Ha de ser una adreça http o https absoluta amb servidor, com ara https://example.com/, o ' +
      'buit per a treure-la.',
    es: 'Debe ser una dirección http o https absoluta con servidor, como https://example.com/, o vacío para quitarla.',
  },
  'not-an-image': {
    en: 'Must be the ID of a stored image, an http(s) address of an image, or empty to remove it.',
    ca: "Ha de ser l'ID d'una imatge desada, una adreça http(s) d'una imatge, o buit per a treure-la.",
    es: 'Debe ser el ID de una imagen guardada, una dirección http(s) de una imagen, o vacío para quitarla.',
  },
  'image-url-not-allowed': {
    en: 'Contributors may not give an image as an address; use the ID of a stored image.',
    ca: "Els col·laboradors no poden indicar una imatge per adreça; feu servir l'ID d'una imatge desada.",
    es: 'Los colaboradores no pueden indicar una imagen por dirección; usa el ID de una imagen guardada.',
  },
  'not-a-list-of-ids': {
    en: 'Must be a list of IDs (whole numbers of at least 1), as an array or separated by commas.',
    ca: "Ha de ser una llista d'ID (nombres enters iguals o superiors a 1), en una matriu o separats per comes.",
    es: 'Debe ser una lista de ID (números enteros iguales o mayores que 1), en una matriz o separados por comas.',
  },
  'not-a-list-of-terms': {
    en: 'Must be a list of IDs, slugs or names, as an array or separated by commas.',
    ca: "Ha de ser una llista d'ID, slugs o noms, en una matriu o separats per comes.",
    es: 'Debe ser una lista de ID, slugs o nombres, en una matriz o separados por comas.',
  },
  'unknown-event': {
    en: 'Names no existing event.',
    ca: 'No correspon a cap esdeveniment existent.',
    es: 'No corresponde a ningún evento existente.',
  },
  'unknown-venue': {
    en: 'Names no existing venue.',
    ca: 'No correspon a cap lloc existent.',
    es: 'No corresponde a ningún lugar existente.',
  },
  'unknown-organizer': {
    en: 'Names no existing organizer.',
    ca: 'No correspon a cap organitzador existent.',
    es: 'No corresponde a ningún organizador existente.',
  },
  'unknown-category': {
    en: 'Names no existing category.',
    ca: 'No correspon a cap categoria existent.',
    es: 'No corresponde a ninguna categoría existente.',
  },
  'unknown-tag': {
    en: 'Names no existing tag.',
    ca: 'No correspon a cap etiqueta existent.',
    es: 'No corresponde a ninguna etiqueta existente.',
  },
  'unknown-user': {
    en: 'Names no existing user.',
    ca: 'No correspon a cap usuari existent.',
    es: 'No corresponde a ningún usuario existente.',
  },
  'unknown-slug': {
    en: "No item of this kind has this slug in the request's language.",
    ca: "Cap element d'aquest tipus no té aquest slug en la llengua de la sol·licitud.",
    es: 'Ningún elemento de este tipo tiene este slug en el idioma de la solicitud.',
  },
  'unknown-time-zone': {
    en: 'Not a time zone: use a time zone database name such as Europe/Madrid, UTC, or UTC+2 (UTC+5.5 for half hours).',
    ca:
      'No és un fus horari: feu servir un nom de la base de dades de fusos com Europe/Madrid, ' +
      'UTC, o UTC+2 (UTC+5.5 per a mitges hores).',
    es:
      'No es una zona horaria: usa un nombre de la base de datos de zonas como Europe/Madrid, ' +
      'UTC, o UTC+2 (UTC+5.5 para medias horas).',
  },
  'not-a-venue': {
    en:
      'Must be the ID of an existing venue, {"id": ID}, or a venue object with a non-empty ' +
      '"venue" name; or a list of these.',
    ca:
      'Ha de ser l\'ID d\'un lloc existent, {"id": ID}, o un objecte de lloc amb un nom "venue" ' +
      "no buit; o una llista d'aquests.",
    es:
      'Debe ser el ID de un lugar existente, {"id": ID}, o un objeto de lugar con un nombre ' +
      '"venue" no vacío; o una lista de ellos.',
  },
  'not-an-organizer': {
    en:
      'Must be the ID of an existing organizer, {"id": ID}, or an organizer object with a ' +
      'non-empty "organizer" name; or a list of these.',
    ca:
      "Ha de ser l'ID d'un organitzador existent, {\"id\": ID}, o un objecte d'organitzador amb " +
      'un nom "organizer" no buit; o una llista d\'aquests.',
    es:
      'Debe ser el ID de un organizador existente, {"id": ID}, o un objeto de organizador con un ' +
      'nombre "organizer" no vacío; o una lista de ellos.',
  },
  'status-not-allowed': {
    en: 'Without the right to create items, only "publish" may be asked for.',
    ca: 'Sense permís per a crear elements, només es pot demanar "publish".',
    es: 'Sin permiso para crear elementos, solo se puede pedir "publish".',
  },
  'needs-both-coordinates': {
    en: 'geoloc_lat and geoloc_lng must be sent together.',
    ca: "geoloc_lat i geoloc_lng s'han d'enviar junts.",
    es: 'geoloc_lat y geoloc_lng deben enviarse juntos.',
  },
  'latitude-out-of-range': {
    en: 'Must be a latitude from -90 to 90.',
    ca: 'Ha de ser una latitud entre -90 i 90.',
    es: 'Debe ser una latitud entre -90 y 90.',
  },
  'longitude-out-of-range': {
    en: 'Must be a longitude from -180 to 180.',
    ca: 'Ha de ser una longitud entre -180 i 180.',
    es: 'Debe ser una longitud entre -180 y 180.',
  },
  'not-a-position-or-date': {
    en: `Must be a position in the event store (digits) or a date and time, such as ${DATE_EXAMPLES}.`,
    ca: `Ha de ser una posició al magatzem d'esdeveniments (xifres) o una data i hora, com ara ${DATE_EXAMPLES}.`,
    es: `Debe ser una posición en el almacén de eventos (cifras) o una fecha y hora, como ${DATE_EXAMPLES}.`,
  },
  'not-a-translation-target': {
    en: 'Must be the ID of an item of the same kind in another language whose translations lack this language.',
    ca: "Ha de ser l'ID d'un element del mateix tipus en una altra llengua que encara no tingui traducció en aquesta.",
    es: 'Debe ser el ID de un elemento del mismo tipo en otro idioma que aún no tenga traducción en este.',
  },
  'tags-have-no-parent': {
    en: 'Tags have no parent; send 0 or leave it out.',
    ca: 'Les etiquetes no tenen pare; envieu 0 o ometeu-lo.',
    es: 'Las etiquetas no tienen padre; envía 0 u omítelo.',
  },
  'occurrence-has-no-rule': {
    en: 'An occurrence has no rule of its own: change the rule on the series item, or split with ' + splitScope,
    ca: "Una ocurrència no té regla pròpia: canvieu la regla a l'element de la sèrie, o dividiu-la amb " + splitScope,
    es:
      'Una ocurrencia no tiene regla propia: cambia la regla en el elemento de la serie, o divídela con ' + splitScope,
  },
  'category-cycle': {
    en: 'A category cannot be placed below itself or one of its descendants.',
    ca: 'Una categoria no es pot posar sota ella mateixa ni sota cap de les seves descendents.',
    es: 'Una categoría no se puede colocar bajo sí misma ni bajo ninguna de sus descendientes.',
  },
};

/** The reason in `language`, filled in. */
export function reasonText(reason: ParamReason, language: MessageLanguage): string {
  if (isRecurrenceReason(reason)) return recurrenceReasonText(reason, language);
  const text = texts[reason.code][language];
  switch (reason.code) {
    case 'too-long':
    case 'too-many-entries':
      return text.replace('{limit}', String(reason.limit));
    case 'not-in-list':
      return text.replace('{allowed}', reason.allowed.join(', '));
    case 'language-mismatch':
      return text.replace('{value}', reason.value);
    default:
      return text;
  }
}

const isRecurrenceReason = (reason: ParamReason): reason is RecurrenceReason => reason.code.startsWith('recurrence-');
