import { QuoteType, Tokenizer } from 'htmlparser2';

/** Where a run of characters stands, which decides how its entities are read. */
export type RunContext = 'text' | 'title' | 'textarea';

/**
 * The entities of a run of a page's characters that contains `&`, decoded by htmlparser2's own
 * decoding tokenizer, in the pieces it would have handed over (the text before an entity, the
 * entity, …), so that reading a page with entities left as written, and decoding only the runs
 * that have any, tells a reader the same texts and values as decoding the whole page would have.
 * The run is read in the state the page's tokenizer was in (after a tag, inside a title or
 * textarea, inside an attribute value) and up to the character that ended it, which the decoder
 * looks at to know where an entity ends.
 */
export class EntityRuns {
  private source = '';
  /** Where the run starts and ends in `source`: what comes before and after only sets the scene. */
  private first = 0;
  private limit = 0;
  private emit: (piece: string) => void = () => {};
  private value = '';
  private readonly tokenizer: Tokenizer;

  constructor() {
    const noop = () => {};
    this.tokenizer = new Tokenizer(
      { decodeEntities: true },
      {
        ontext: (start, end) => {
          if (this.inRun(start)) this.emit(this.source.slice(start, Math.min(end, this.limit)));
        },
        ontextentity: (codePoint, end) => {
          if (end <= this.limit) this.emit(String.fromCodePoint(codePoint));
        },
        onattribdata: (start, end) => {
          if (this.inRun(start)) this.value += this.source.slice(start, Math.min(end, this.limit));
        },
        onattribentity: (codePoint) => {
          this.value += String.fromCodePoint(codePoint);
        },
        onattribend: noop,
        onattribname: noop,
        onopentagname: noop,
        onopentagend: noop,
        onselfclosingtag: noop,
        onclosetag: noop,
        onend: noop,
        oncdata: noop,
        oncomment: noop,
        ondeclaration: noop,
        onprocessinginstruction: noop,
        isInForeignContext: () => false,
      },
    );
  }

  /** Tells `emit` the pieces of the text html[start, end) in `context`. */
  text(html: string, start: number, end: number, context: RunContext, emit: (piece: string) => void): void {
    // A title or textarea ends at its end tag (and the character after its name); a text at '<'.
    const prefix = context === 'text' ? '' : `<${context}>`;
    const after = context === 'text' ? 1 : context.length + 3;
    this.emit = emit;
    this.read(prefix, html, start, end, after);
    this.emit = () => {};
  }

  /** The value html[start, end) of an attribute quoted by `quote`, its entities decoded. */
  attributeValue(html: string, start: number, end: number, quote: QuoteType): string {
    const prefix = quote === QuoteType.Double ? '<a b="' : quote === QuoteType.Single ? "<a b='" : '<a b=';
    this.value = '';
    // The character after the value (its closing quote, or what ended an unquoted one) ends it.
    this.read(prefix, html, start, end, 1);
    const value = this.value;
    this.value = '';
    return value;
  }

  private read(prefix: string, html: string, start: number, end: number, after: number): void {
    this.source = prefix + html.slice(start, Math.min(html.length, end + after));
    this.first = prefix.length;
    this.limit = prefix.length + (end - start);
    this.tokenizer.reset();
    this.tokenizer.write(this.source);
    this.tokenizer.end();
    this.source = '';
  }

  private inRun(start: number): boolean {
    return start >= this.first && start < this.limit;
  }
}
