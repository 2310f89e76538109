// A response body assembled as JSON text, with the `translations` values left as holes until the request fills them.
import type { TranslationSlot } from './translationSlots.ts';

/** The JSON text of every slot's `translations` value, in slot order. */
export type TranslationLookup = (slots: readonly TranslationSlot[]) => Promise<readonly string[]>;

export class JsonText {
  private readonly pieces: (string | TranslationSlot)[] = [];

  text(json: string): this {
    this.pieces.push(json);
    return this;
  }

  /** The JSON of the slot's `translations` object goes here. */
  translations(slot: TranslationSlot): this {
    this.pieces.push(slot);
    return this;
  }

  async render(lookUp: TranslationLookup): Promise<string> {
    const slots = this.pieces.filter((piece): piece is TranslationSlot => typeof piece !== 'string');
    const texts = await lookUp(slots);
    let next = 0;
    return this.pieces.map((piece) => (typeof piece === 'string' ? piece : texts[next++])).join('');
  }
}

/** `{"<key>":[<items>],<envelope keys>}`: a list page with its items written by `write`. */
export function listText<T>(
  key: string,
  items: readonly T[],
  write: (out: JsonText, item: T) => void,
  envelope: Record<string, unknown>,
): JsonText {
  const out = new JsonText().text(`{${JSON.stringify(key)}:[`);
  items.forEach((item, index) => {
    if (index > 0) out.text(',');
    write(out, item);
  });
  return out.text(`],${JSON.stringify(envelope).slice(1)}`);
}
