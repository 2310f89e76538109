// A response body assembled as JSON text, with the `translations` values left as holes until the request fills them.
import type { Translations } from '../../projections/translationGroups.ts';
import type { TranslationSlot } from './translationSlots.ts';

/** Looks up the `translations` value of every slot (one group lookup per kind and group). */
export type TranslationLookup = (slots: readonly TranslationSlot[]) => Promise<(slot: TranslationSlot) => Translations>;

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
    const translationsOf = await lookUp(slots);
    return this.pieces.map((piece) => (typeof piece === 'string' ? piece : JSON.stringify(translationsOf(piece)))).join('');
  }
}

/** `{"<key>":[<items>],<envelope keys>}`: a list page with its items written by `write`. */
export function listText<T>(key: string, items: readonly T[], write: (out: JsonText, item: T) => void, envelope: Record<string, unknown>): JsonText {
  const out = new JsonText().text(`{${JSON.stringify(key)}:[`);
  items.forEach((item, index) => {
    if (index > 0) out.text(',');
    write(out, item);
  });
  return out.text(`],${JSON.stringify(envelope).slice(1)}`);
}
