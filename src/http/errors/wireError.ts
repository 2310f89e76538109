// The wire error payload (docs/api.md §13.1) as a thrown value, so any middleware can end a request with it.
import type { InvalidParam } from '../../commands/errors.ts';
import { message, type MessageKey, type MessageLanguage } from './messages.ts';
import { reasonText } from './paramReasons.ts';

export class WireError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    /** Renders the message in the request's language. */
    readonly render: (language: MessageLanguage) => { message: string; data: Record<string, unknown> },
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(code);
  }

  body(language: MessageLanguage): { code: string; message: string; data: Record<string, unknown> } {
    const { message: text, data } = this.render(language);
    return { code: this.code, message: text, data: { status: this.status, ...data } };
  }
}

/** An error whose message is the catalogue text of its own code. */
export function simpleError(
  status: number,
  code: MessageKey,
  fill?: string | number,
  headers?: Record<string, string>,
): WireError {
  return new WireError(status, code, (lang) => ({ message: message(code, lang, fill), data: {} }), headers);
}

export function missingParams(names: readonly string[]): WireError {
  return new WireError(400, 'rest_missing_callback_param', (lang) => ({
    message: message('rest_missing_callback_param', lang, names.join(', ')),
    data: { params: [...names] },
  }));
}

/**
 * 400 `rest_invalid_param` (docs/api.md §13.1): `params` maps each name to its reason in the request's language, and
 * `details` holds the machine-readable code of every reason (`[]` when none is specific).
 */
export function invalidParams(reasons: readonly InvalidParam[]): WireError {
  return new WireError(400, 'rest_invalid_param', (lang) => {
    const params: Record<string, string> = {};
    const details: Record<string, unknown> = {};
    for (const { name, reason } of reasons) {
      const text = reason ? reasonText(reason, lang) : message('invalid_parameter', lang);
      params[name] = text;
      if (reason) details[name] = { code: reason.code, message: text, data: { status: 400 } };
    }
    return {
      message: message('rest_invalid_param', lang, reasons.map((r) => r.name).join(', ')),
      data: { params, details: Object.keys(details).length > 0 ? details : [] },
    };
  });
}

/** Sent with every 401 of the API (RFC 9110 §11.6.1): the API takes HTTP Basic credentials. */
export const basicChallenge: Readonly<Record<string, string>> = {
  'WWW-Authenticate': 'Basic realm="cal/events/v1", charset="UTF-8"',
};

export const forbidden = (authenticated: boolean): WireError =>
  authenticated ? simpleError(403, 'rest_forbidden') : simpleError(401, 'rest_forbidden', undefined, basicChallenge);
export const noRoute = (): WireError => simpleError(404, 'rest_no_route');
