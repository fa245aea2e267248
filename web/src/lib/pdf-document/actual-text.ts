import type { TCreatedPdf } from 'pdfmake/interfaces';
import { hasIndicScript } from './scripts';

/** What this file reaches of the engine's page writer (pdfkit, inside pdfmake's build). */
interface Writer {
  text(this: Writer, text: unknown, ...rest: unknown[]): unknown;
  addContent(this: Writer, operator: string): Writer;
}

/** The text as a PDF hex string: UTF-16BE with its byte order mark. */
function utf16Hex(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return hex;
}

let installed: Promise<void> | undefined;

/**
 * Shaping stores an Indic word's glyphs in the order they are drawn: 'प्रिया' is drawn with the
 * vowel sign 'ि' first, and a PDF reader copies, searches and extracts it as 'िप्रया'. Each run of
 * an Indic script is therefore wrapped in a marked-content span whose ActualText is the text as
 * written (PDF 1.5, 14.9.4), inside its text object so that readers place it where its glyphs are.
 * The engine has no option for this: its writer's `text` is wrapped once, for every document.
 * `sample` is any document made by the engine, to reach that writer.
 */
export function installActualText(sample: () => TCreatedPdf): Promise<void> {
  installed ??= sample()
    .getStream()
    .then((doc) => {
      let proto = Object.getPrototypeOf(doc) as Writer | null;
      while (proto && !Object.hasOwn(proto, 'text')) proto = Object.getPrototypeOf(proto) as Writer | null;
      if (!proto) throw new Error('The PDF engine has no text writer to mark');
      const plainText = proto.text;
      proto.text = function (this: Writer, text: unknown, ...rest: unknown[]) {
        if (typeof text !== 'string' || !hasIndicScript(text)) return plainText.call(this, text, ...rest);
        const span = `/Span <</ActualText <${utf16Hex(text)}>>> BDC`;
        const addContent = this.addContent;
        // An own property for this one call: the text object opens the span and closes it.
        this.addContent = function (this: Writer, operator: string) {
          if (operator === 'ET') addContent.call(this, 'EMC');
          addContent.call(this, operator);
          if (operator === 'BT') addContent.call(this, span);
          return this;
        };
        try {
          return plainText.call(this, text, ...rest);
        } finally {
          delete (this as Partial<Writer>).addContent;
        }
      };
    })
    .catch((error: unknown) => {
      installed = undefined;
      throw error;
    });
  return installed;
}
