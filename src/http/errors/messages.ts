// Error texts of the wire contract in English, Catalan and Spanish (docs/api.md §13.2 and §15).
export type MessageLanguage = 'en' | 'ca' | 'es';

type Texts = Readonly<Record<MessageLanguage, string>>;

/** `%s` is a list of names or a slug, `%d` an id. */
export const messages = {
  rest_no_route: {
    en: 'No route was found matching the URL and request method.',
    ca: "No s'ha trobat cap ruta que coincideixi amb l'URL i el mètode de la sol·licitud.",
    es: 'No se ha encontrado ninguna ruta que coincida con la URL y el método de la solicitud.',
  },
  rest_invalid_namespace: {
    en: 'The specified namespace could not be found.',
    ca: "No s'ha trobat l'espai de noms especificat.",
    es: 'No se ha encontrado el espacio de nombres especificado.',
  },
  // One answer for unknown logins and wrong passwords alike (deliberate: the reference tells them apart).
  incorrect_password: {
    en: 'The username or password is incorrect.',
    ca: "El nom d'usuari o la contrasenya no són correctes.",
    es: 'El nombre de usuario o la contraseña no son correctos.',
  },
  rest_too_many_requests: {
    en: 'Too many failed authentication attempts from this address. Try again later.',
    ca: "Massa intents d'autenticació fallits des d'aquesta adreça. Torneu-ho a provar més tard.",
    es: 'Demasiados intentos de autenticación fallidos desde esta dirección. Vuelve a intentarlo más tarde.',
  },
  cal_too_many_history_reads: {
    en: 'Too many history and as_of reads from this address. Try again later.',
    ca: "Massa lectures d'historial i d'as_of des d'aquesta adreça. Torneu-ho a provar més tard.",
    es: 'Demasiadas lecturas de historial y de as_of desde esta dirección. Vuelve a intentarlo más tarde.',
  },
  cal_too_many_change_feeds: {
    en: 'Too many change feeds are open. Try again later.',
    ca: 'Hi ha massa fluxos de canvis oberts. Torneu-ho a provar més tard.',
    es: 'Hay demasiados flujos de cambios abiertos. Vuelve a intentarlo más tarde.',
  },
  rest_cannot_edit_others: {
    en: 'Sorry, you are not allowed to set another user as the author.',
    ca: 'No teniu permís per a posar un altre usuari com a autor.',
    es: 'Lo siento, no tienes permiso para poner a otro usuario como autor.',
  },
  rest_cross_site_request: {
    en:
      "Writes from pages of another site are not accepted. Send the request from this service's " +
      'own pages, from an origin listed in CAL_CORS_ORIGINS, or from a client that is not a ' +
      'browser.',
    ca:
      "No s'accepten escriptures des de pàgines d'un altre lloc. Envieu la sol·licitud des de les " +
      "pàgines del mateix servei, des d'un origen de CAL_CORS_ORIGINS o des d'un client que no " +
      'sigui un navegador.',
    es:
      'No se aceptan escrituras desde páginas de otro sitio. Envía la solicitud desde las páginas ' +
      'del propio servicio, desde un origen de CAL_CORS_ORIGINS o desde un cliente que no sea un ' +
      'navegador.',
  },
  rest_forbidden: {
    en: 'Sorry, you are not allowed to do that.',
    ca: 'No teniu permís per a fer això.',
    es: 'Lo siento, no tienes permiso para hacer eso.',
  },
  rest_invalid_json: {
    en: 'Invalid JSON body passed.',
    ca: 'El cos JSON enviat no és vàlid.',
    es: 'El cuerpo JSON enviado no es válido.',
  },
  rest_json_content_type: {
    en:
      'The body is JSON, but its Content-Type is not application/json: send the header ' +
      'Content-Type: application/json.',
    ca:
      'El cos és JSON, però el seu Content-Type no és application/json: envieu la capçalera ' +
      'Content-Type: application/json.',
    es:
      'El cuerpo es JSON, pero su Content-Type no es application/json: envía la cabecera ' +
      'Content-Type: application/json.',
  },
  rest_missing_callback_param: {
    en: 'Missing parameter(s): %s',
    ca: 'Falten paràmetres: %s',
    es: 'Faltan parámetros: %s',
  },
  rest_invalid_param: {
    en: 'Invalid parameter(s): %s',
    ca: 'Paràmetres no vàlids: %s',
    es: 'Parámetros no válidos: %s',
  },
  invalid_parameter: { en: 'Invalid parameter.', ca: 'Paràmetre no vàlid.', es: 'Parámetro no válido.' },
  'rest-event-not-found': {
    en: 'Event with ID %d does not exist.',
    ca: "L'esdeveniment amb l'ID %d no existeix.",
    es: 'El evento con ID %d no existe.',
  },
  'rest-invalid-event-id': {
    en: 'The specified ID is not a valid event.',
    ca: "L'ID especificat no correspon a cap esdeveniment vàlid.",
    es: 'El ID especificado no corresponde a un evento válido.',
  },
  'event-no-longer-available': {
    en: 'This event is no longer available',
    ca: 'Aquest esdeveniment ja no està disponible',
    es: 'Este evento ya no está disponible',
  },
  'event-not-accessible': {
    en: 'The requested event is not accessible',
    ca: "L'esdeveniment sol·licitat no és accessible",
    es: 'El evento solicitado no es accesible',
  },
  'event-password-protected': {
    en: 'The requested event is not accessible without a password',
    ca: "L'esdeveniment sol·licitat no és accessible sense contrasenya",
    es: 'El evento solicitado no es accesible sin contraseña',
  },
  'event-archive-page-not-found': {
    en: 'The requested event archive page does not exist',
    ca: "La pàgina de l'arxiu d'esdeveniments sol·licitada no existeix",
    es: 'La página del archivo de eventos solicitada no existe',
  },
  'event-is-in-trash': {
    en: 'The event is already trashed',
    ca: "L'esdeveniment ja és a la paperera",
    es: 'El evento ya está en la papelera',
  },
  'could-not-update-event': {
    en: 'The event could not be updated',
    ca: "No s'ha pogut actualitzar l'esdeveniment",
    es: 'No se ha podido actualizar el evento',
  },
  'could-not-delete-event': {
    en: 'The event could not be deleted',
    ca: "No s'ha pogut eliminar l'esdeveniment",
    es: 'No se ha podido eliminar el evento',
  },
  rest_precondition_failed: {
    en: 'The resource has changed since the revision given in If-Match.',
    ca: 'El recurs ha canviat des de la revisió indicada a If-Match.',
    es: 'El recurso ha cambiado desde la revisión indicada en If-Match.',
  },
  rest_starting: {
    en: 'The service is starting; try again in a moment.',
    ca: "El servei s'està iniciant; torneu-ho a provar d'aquí a un moment.",
    es: 'El servicio se está iniciando; vuelve a intentarlo en un momento.',
  },
  rest_store_unavailable: {
    en: 'The event store is unavailable; nothing was written. Try again later.',
    ca: "El magatzem d'esdeveniments no està disponible; no s'ha escrit res. Torneu-ho a provar més tard.",
    es: 'El almacén de eventos no está disponible; no se ha escrito nada. Vuelve a intentarlo más tarde.',
  },
  rest_write_outcome_unknown: {
    en: 'The event store did not confirm the write in time; it may have been applied. Read the item before retrying.',
    ca:
      "El magatzem d'esdeveniments no ha confirmat l'escriptura a temps; potser s'ha aplicat. " +
      "Llegiu l'element abans de tornar-ho a provar.",
    es:
      'El almacén de eventos no ha confirmado la escritura a tiempo; puede que se haya aplicado. ' +
      'Lee el elemento antes de volver a intentarlo.',
  },
  rest_payload_too_large: {
    en: 'The request body is too large.',
    ca: 'El cos de la sol·licitud és massa gran.',
    es: 'El cuerpo de la solicitud es demasiado grande.',
  },
  rest_internal_error: {
    en: 'An internal error occurred; nothing was written.',
    ca: "S'ha produït un error intern; no s'ha escrit res.",
    es: 'Se ha producido un error interno; no se ha escrito nada.',
  },
  term_exists_category: {
    en: 'A term with the name provided already exists with this parent.',
    ca: 'Ja existeix un terme amb aquest nom i aquest pare.',
    es: 'Ya existe un término con ese nombre y ese padre.',
  },
  term_exists_tag: {
    en: 'A term with the name provided already exists in this taxonomy.',
    ca: 'Ja existeix un terme amb aquest nom en aquesta taxonomia.',
    es: 'Ya existe un término con ese nombre en esta taxonomía.',
  },
  duplicate_term_slug: {
    en: 'The slug “%s” is already in use by another term.',
    ca: "El slug “%s” ja l'utilitza un altre terme.",
    es: 'El slug “%s” ya lo usa otro término.',
  },
  'venue-not-accessible': {
    en: 'The requested venue is not accessible',
    ca: 'El lloc sol·licitat no és accessible',
    es: 'El lugar solicitado no es accesible',
  },
  'organizer-not-accessible': {
    en: 'The requested organizer is not accessible',
    ca: "L'organitzador sol·licitat no és accessible",
    es: 'El organizador solicitado no es accesible',
  },
  'venue-archive-page-not-found': {
    en: 'The requested venue archive page does not exist',
    ca: "La pàgina de l'arxiu de llocs sol·licitada no existeix",
    es: 'La página del archivo de lugares solicitada no existe',
  },
  'organizer-archive-page-not-found': {
    en: 'The requested organizer archive page does not exist',
    ca: "La pàgina de l'arxiu d'organitzadors sol·licitada no existeix",
    es: 'La página del archivo de organizadores solicitada no existe',
  },
  'venue-is-in-trash': {
    en: 'The venue is already trashed',
    ca: 'El lloc ja és a la paperera',
    es: 'El lugar ya está en la papelera',
  },
  'organizer-is-in-trash': {
    en: 'The organizer is already trashed',
    ca: "L'organitzador ja és a la paperera",
    es: 'El organizador ya está en la papelera',
  },
  'could-not-delete-venue': {
    en: 'The venue could not be deleted',
    ca: "No s'ha pogut eliminar el lloc",
    es: 'No se ha podido eliminar el lugar',
  },
  'could-not-delete-organizer': {
    en: 'The organizer could not be deleted',
    ca: "No s'ha pogut eliminar l'organitzador",
    es: 'No se ha podido eliminar el organizador',
  },
  'could-not-create-venue': {
    en: 'The venue could not be created from the provided data',
    ca: "No s'ha pogut crear el lloc amb les dades proporcionades",
    es: 'No se ha podido crear el lugar con los datos proporcionados',
  },
  'could-not-create-organizer': {
    en: 'The organizer could not be created from the provided data',
    ca: "No s'ha pogut crear l'organitzador amb les dades proporcionades",
    es: 'No se ha podido crear el organizador con los datos proporcionados',
  },
  'could-not-update-venue': {
    en: 'The venue could not be updated',
    ca: "No s'ha pogut actualitzar el lloc",
    es: 'No se ha podido actualizar el lugar',
  },
  'could-not-update-organizer': {
    en: 'The organizer could not be updated',
    ca: "No s'ha pogut actualitzar l'organitzador",
    es: 'No se ha podido actualizar el organizador',
  },
} satisfies Record<string, Texts>;

export type MessageKey = keyof typeof messages;

export function message(key: MessageKey, language: MessageLanguage, fill?: string | number): string {
  const text = messages[key][language];
  return fill === undefined ? text : text.replace(/%[sd]/, String(fill));
}
