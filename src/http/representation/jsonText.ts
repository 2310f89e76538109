// A response body assembled as JSON text, with the `translations` values left as holes until the request fills them.
import type { TranslationSlot } from './translationSlots.ts';

/** The JSON text of every slot's `translations` value, in slot order (at once when the read model answers at once). */
export type TranslationLookup = (slots: readonly TranslationSlot[]) => readonly string[] | Promise<readonly string[]>;

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

  /** The text, in the calling turn when `lookUp` answers in it. */
  render(lookUp: TranslationLookup): string | Promise<string> {
    const slots = this.pieces.filter((piece): piece is TranslationSlot => typeof piece !== 'string');
    const texts = lookUp(slots);
    return texts instanceof Promise ? texts.then((found) => this.filled(found)) : this.filled(texts);
  }

  private filled(texts: readonly string[]): string {
    let text = '';
    let next = 0;
    for (const piece of this.pieces) text += typeof piece === 'string' ? piece : (texts[next++] as string);
    return text;
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
