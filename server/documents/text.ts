import bidiFactory from 'bidi-js';
import type { Locale } from '../../src/api/admin/members/contract';
import { fallbackChain, fontBytes, type FontFace, type FontName } from './fonts';

/**
 * Lines of text in any of the product's languages on a pdfkit page: each line is cut into runs
 * of one direction (the Unicode bidirectional algorithm, bidi-js) and one font (the first face of
 * the language's chain that has the character), laid out right to left or left to right, and drawn
 * in visual order. Arabic letters are joined by fontkit's shaping; words of a right-to-left run
 * keep their reading order; a number or a Latin name inside Arabic text stays left to right.
 *
 * pdfkit draws one string at a time left to right and copies text out of the PDF through one
 * Unicode value per glyph, so three of its fontkit-facing methods are adjusted for each font it
 * opens (pdfkit is pinned to the version these were written against; tests/api/documents.test.ts
 * reads the PDFs back with pdftotext to prove they hold).
 */
const bidi = bidiFactory();

export interface TextStyle {
  size: number;
  bold?: boolean;
  /** CSS hex colour. */
  color?: string;
}
export type Align = 'start' | 'end' | 'center';

interface Run {
  text: string;
  font: FontName;
  rtl: boolean;
}

/** What this file needs of pdfkit's document and of the font objects it keeps (not in its typings). */
interface PdfDoc {
  registerFont(name: string, src: Buffer): unknown;
  font(name: string): PdfDoc;
  fontSize(size: number): PdfDoc;
  fillColor(color: string): PdfDoc;
  widthOfString(text: string): number;
  text(text: string, x: number, y: number, options: object): PdfDoc;
  _font: PdfFont;
}
interface FontkitGlyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
}
interface GlyphRunLike {
  glyphs: FontkitGlyph[];
  positions: { xAdvance: number }[];
  advanceWidth: number;
}
interface PdfFont {
  font: { getGlyph(id: number, codePoints?: number[]): FontkitGlyph; hasGlyphForCodePoint(cp: number): boolean };
  subset: { glyphs: number[]; mapping: Record<number, number>; includeGlyph(id: number): number };
  unicode: number[][];
  widths: number[];
  scale: number;
  layoutCached(text: string): GlyphRunLike;
  layoutRun(text: string, features?: unknown): GlyphRunLike;
  layout(text: string, features?: unknown, onlyWidth?: boolean): { glyphs: FontkitGlyph[] | null; positions: unknown[] | null; advanceWidth: number };
  encode(text: string, features?: unknown): [string[], unknown[]];
  /** Set while a right-to-left run is measured or drawn. */
  rightToLeft?: boolean;
}

const adjusted = new WeakSet<PdfFont>();

function adjustFont(font: PdfFont) {
  if (adjusted.has(font)) return;
  adjusted.add(font);

  // fontkit keeps one glyph object per glyph id, carrying the characters of its first use. Noto
  // Sans Arabic draws several letters on one base glyph (ب ت ث ن ي share a dotless one), so a later
  // letter would be copied out of the PDF as the first: hand out a copy with the right characters.
  const fk = font.font;
  const getGlyph = fk.getGlyph.bind(fk);
  fk.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph.codePoints.length === codePoints.length && glyph.codePoints.every((c, i) => c === codePoints[i])) return glyph;
    const copy = Object.create(glyph) as FontkitGlyph;
    Object.defineProperty(copy, 'codePoints', { value: codePoints });
    return copy;
  };

  // The PDF maps each glyph of the embedded subset to one text: a glyph used for two letters is
  // embedded twice, once per letter.
  const perUse = new Map<string, number>();
  font.encode = function encode(text, features) {
    const { glyphs, positions } = this.layout(text, features);
    const hex: string[] = [];
    for (const glyph of glyphs!) {
      const key = `${glyph.id}:${glyph.codePoints.join(',')}`;
      let gid = perUse.get(key);
      if (gid === undefined) {
        if (this.subset.mapping[glyph.id] === undefined) gid = this.subset.includeGlyph(glyph.id);
        else {
          gid = this.subset.glyphs.length;
          this.subset.glyphs.push(glyph.id);
        }
        perUse.set(key, gid);
      }
      hex.push(`0000${gid.toString(16)}`.slice(-4));
      this.widths[gid] ??= glyph.advanceWidth * this.scale;
      this.unicode[gid] ??= glyph.codePoints;
    }
    return [hex, positions!];
  };

  // pdfkit shapes word by word (cached) and puts the words side by side in reading order; in a
  // right-to-left run the first word belongs on the right, and the space after a word on its left
  // (so words and spaces are shaped apart: `2026 – 6` keeps a space on each side of the dash).
  font.layout = function layout(text, features, onlyWidth) {
    if (features) return this.layoutRun(text, features);
    const words = (text.match(/[ \t]+|[^ \t]+/g) ?? []).map((part) => this.layoutCached(part));
    if (this.rightToLeft) words.reverse();
    const advanceWidth = words.reduce((sum, w) => sum + w.advanceWidth, 0);
    if (onlyWidth) return { glyphs: null, positions: null, advanceWidth };
    return { glyphs: words.flatMap((w) => w.glyphs), positions: words.flatMap((w) => w.positions), advanceWidth };
  };
}

/** Characters that take the font of what stands before them, so runs are not cut at every space. */
const NEUTRAL = /[\s\p{P}\p{M}\p{S}]/u;
/**
 * Tokens for wrapping (a CJK character — ideograph, kana, full-width form — may end a line on its
 * own): spaces, one CJK character with the opening brackets before it and the closing punctuation
 * after it (neither ends or starts a line alone), or a word.
 */
const TOKEN = /\s+|[(\[（「『【〔《〈]*[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF][、。，．！？）」』】〕》〉…ー・ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ)\]]*|[^\s\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]+/gu;

export class TextEngine {
  readonly rtl: boolean;
  private readonly chain: FontFace[];
  private readonly faceOf = new Map<number, FontFace>();
  private readonly widths = new Map<string, number>();
  private readonly registered = new Set<FontName>();

  constructor(
    private readonly doc: PdfDoc,
    lang: Locale,
  ) {
    this.rtl = lang === 'ae';
    this.chain = fallbackChain(lang);
  }

  /** Selects a font on the document, registering it (from the process-wide bytes) the first time. */
  private use(name: FontName, size?: number): PdfFont {
    if (!this.registered.has(name)) {
      this.doc.registerFont(name, fontBytes(name));
      this.registered.add(name);
    }
    this.doc.font(name);
    if (size) this.doc.fontSize(size);
    const font = this.doc._font;
    adjustFont(font);
    return font;
  }

  private face(cp: number): FontFace {
    let face = this.faceOf.get(cp);
    if (!face) {
      face = this.chain.find((f) => this.use(f).font.hasGlyphForCodePoint(cp)) ?? this.chain[0];
      this.faceOf.set(cp, face);
    }
    return face;
  }

  /** Runs of one font in reading order; neutral characters stay with the font before them when it has them. */
  private fontRuns(text: string, bold: boolean): { text: string; start: number; face: FontFace }[] {
    const runs: { text: string; start: number; face: FontFace }[] = [];
    let index = 0;
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      const last = runs[runs.length - 1];
      const face = last && NEUTRAL.test(ch) && this.has(last.face, cp, bold) ? last.face : this.face(cp);
      if (last && last.face === face) last.text += ch;
      else runs.push({ text: ch, start: index, face });
      index += ch.length;
    }
    return runs;
  }

  private has(face: FontFace, cp: number, bold: boolean) {
    return this.use(fontName(face, bold)).font.hasGlyphForCodePoint(cp);
  }

  private runWidth(text: string, font: FontName, size: number, rtl = false): number {
    const key = `${font}\u0000${size}\u0000${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      const f = this.use(font, size);
      f.rightToLeft = rtl;
      width = this.doc.widthOfString(text);
      f.rightToLeft = false;
      this.widths.set(key, width);
    }
    return width;
  }

  /** The width of a text on one line. */
  width(text: string, style: TextStyle): number {
    return this.fontRuns(text, !!style.bold).reduce((sum, r) => sum + this.runWidth(r.text, fontName(r.face, !!style.bold), style.size), 0);
  }

  /**
   * The lines a text takes in `maxWidth`, in reading order: broken at spaces, between CJK
   * characters, at line breaks in the text, and inside a word only when the word alone is wider.
   */
  wrap(text: string, style: TextStyle, maxWidth: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
      let line = '';
      let width = 0;
      const push = () => {
        lines.push(line.trimEnd());
        line = '';
        width = 0;
      };
      for (const token of paragraph.match(TOKEN) ?? []) {
        const space = /^\s+$/.test(token);
        if (space && line === '') continue;
        const w = this.width(space ? ' ' : token, style);
        if (line !== '' && width + w > maxWidth && !space) push();
        if (w > maxWidth && !space) {
          // A word wider than the line: broken between characters.
          for (const ch of token) {
            const cw = this.width(ch, style);
            if (line !== '' && width + cw > maxWidth) push();
            line += ch;
            width += cw;
          }
          continue;
        }
        line += space ? ' ' : token;
        width += w;
      }
      if (line.trim() !== '' || lines.length === 0 || paragraph === '') push();
    }
    return lines;
  }

  /** Runs of one direction and one font, in the order they are drawn from left to right. */
  private visualRuns(line: string, bold: boolean): Run[] {
    const { levels } = bidi.getEmbeddingLevels(line, this.rtl ? 'rtl' : 'ltr');
    const mirrored = bidi.getMirroredCharactersMap(line, levels);
    const runs: (Run & { level: number })[] = [];
    for (const part of this.fontRuns(line, bold)) {
      let index = part.start;
      for (const ch of part.text) {
        const level = levels[index];
        const drawn = mirrored.get(index) ?? ch;
        const last = runs[runs.length - 1];
        const font = fontName(part.face, bold);
        if (last && last.level === level && last.font === font) last.text += drawn;
        else runs.push({ text: drawn, font, rtl: level % 2 === 1, level });
        index += ch.length;
      }
    }
    // Rule L2: from the highest level down to the lowest odd one, reverse every sequence at that level or above.
    const highest = Math.max(0, ...runs.map((r) => r.level));
    const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 ? r.level : Infinity)));
    for (let level = highest; level >= lowestOdd && level > 0; level--) {
      for (let i = 0; i < runs.length; i++) {
        if (runs[i].level < level) continue;
        let end = i;
        while (end + 1 < runs.length && runs[end + 1].level >= level) end++;
        runs.splice(i, end - i + 1, ...runs.slice(i, end + 1).reverse());
        i = end;
      }
    }
    return runs;
  }

  /**
   * Draws one line with its baseline at `baseline`, inside [x, x + width]: `start` is the left
   * edge in a left-to-right document and the right edge in a right-to-left one.
   */
  drawLine(line: string, x: number, baseline: number, width: number, style: TextStyle, align: Align = 'start') {
    if (line === '') return;
    const bold = !!style.bold;
    const runs = this.visualRuns(line, bold);
    const widths = runs.map((r) => this.runWidth(r.text, r.font, style.size, r.rtl));
    const total = widths.reduce((a, b) => a + b, 0);
    const toRight = align === 'center' ? null : (align === 'end') !== this.rtl;
    let cursor = toRight === null ? x + (width - total) / 2 : toRight ? x + width - total : x;
    this.doc.fillColor(style.color ?? '#1f2937');
    runs.forEach((run, i) => {
      const font = this.use(run.font, style.size);
      font.rightToLeft = run.rtl;
      this.doc.text(run.text, cursor, baseline, { lineBreak: false, baseline: 'alphabetic' });
      font.rightToLeft = false;
      cursor += widths[i];
    });
  }
}

const fontName = (face: FontFace, bold: boolean): FontName => (bold ? `${face}-bold` : face);
