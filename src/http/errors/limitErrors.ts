// Wire errors for requests refused by a limit before any route sees them: JSON nested too deep, and the requests
// Node's HTTP parser itself gives up on (unreadable, headers too large, too slow).
import { STATUS_CODES } from 'node:http';
import { message, type MessageLanguage } from './messages.ts';
import { WireError } from './wireError.ts';

type Texts = Readonly<Record<MessageLanguage, string>>;

/** `rest_invalid_json` may carry members describing the parse failure (docs/api.md §13.1); PHP names them so. */
export function jsonTooDeep(maxDepth: number): WireError {
  return new WireError(400, 'rest_invalid_json', (language) => ({
    message: message('rest_invalid_json', language),
    data: { json_error_message: `Maximum nesting depth of ${maxDepth} exceeded.` },
  }));
}

const textError = (status: number, code: string, texts: Texts): WireError =>
  new WireError(status, code, (language) => ({ message: texts[language], data: {} }));

export const unreadableRequest = textError(400, 'rest_bad_request', {
  en: 'The request could not be read as HTTP.',
  ca: "No s'ha pogut llegir la sol·licitud com a HTTP.",
  es: 'No se ha podido leer la solicitud como HTTP.',
});

export const hostRequired = textError(400, 'rest_bad_request', {
  en: 'An HTTP/1.1 request must carry a Host header.',
  ca: 'Una sol·licitud HTTP/1.1 ha de portar la capçalera Host.',
  es: 'Una solicitud HTTP/1.1 debe llevar la cabecera Host.',
});

export const headersTooLarge = textError(431, 'rest_headers_too_large', {
  en: 'The request headers are too large.',
  ca: 'Les capçaleres de la sol·licitud són massa grans.',
  es: 'Las cabeceras de la solicitud son demasiado grandes.',
});

export const requestTooSlow = textError(408, 'rest_request_timeout', {
  en: 'The request did not arrive in time.',
  ca: 'La sol·licitud no ha arribat a temps.',
  es: 'La solicitud no ha llegado a tiempo.',
});

/** The answer to an error code of Node's HTTP parser or connection checks (`clientError`). */
export function clientErrorFor(code: string | undefined): WireError {
  if (code === 'HPE_HEADER_OVERFLOW') return headersTooLarge;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return requestTooSlow;
  return unreadableRequest;
}

/**
 * The whole HTTP/1.1 message answering a request Node's parser refused: no Koa context exists for it, so the
 * headers every response carries (docs/api.md §1.5) are written here, and the connection ends with it.
 */
export function clientErrorMessage(code: string | undefined, { withBody }: { readonly withBody: boolean }): string {
  const error = clientErrorFor(code);
  const body = JSON.stringify(error.body('en'));
  return [
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? 'Error'}`,
    'Content-Type: application/json; charset=UTF-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    withBody ? body : '',
  ].join('\r\n');
}
