// Requests sent from a chosen loopback address (127.0.0.0/8 all reaches the service on Linux), to act as distinct
// clients.
import { request } from 'node:http';

export interface AddressedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: unknown;
}

export function requestFrom(
  localAddress: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<AddressedResponse> {
  return new Promise((resolve, reject) => {
    // A fresh connection each time (no agent), so the source address is the one asked for.
    const req = request(url, { localAddress, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: text === '' ? undefined : JSON.parse(text),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export const basic = (login: string, password: string): string =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
