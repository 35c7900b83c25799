// The number of pages of a compiled PDF, read from the file itself. pdfTeX (PDF 1.5 and
// later) packs page objects into compressed object streams, so those streams are inflated
// and searched too; the .log's "Output written" line is the fallback.
import { inflateSync } from 'node:zlib';

/** `/Type /Page` but not `/Type /Pages`. */
const PAGE_OBJECT = /\/Type\s*\/Page(?![A-Za-z0-9#])/g;
/** The `stream` keyword right after a dictionary (not `endstream`, not bytes inside data). */
const STREAM_START = /(?<=>>\s*)stream\r?\n/g;

function countPageObjects(text: string): number {
  return [...text.matchAll(PAGE_OBJECT)].length;
}

/** The bytes of the stream whose data starts at `start`, bounded by /Length or `endstream`. */
function streamData(pdf: Buffer, text: string, dict: string, start: number): Buffer {
  // A direct /Length; an indirect one ("/Length 12 0 R") is not followed, endstream is.
  const length = /\/Length\s+(\d+)\b(?!\s+\d+\s+R)/.exec(dict);
  if (length !== null) return pdf.subarray(start, start + Number(length[1]));
  let end = text.indexOf('endstream', start);
  if (end === -1) end = pdf.length;
  // The end-of-line before `endstream` is not part of the data.
  if (text[end - 1] === '\n') end--;
  if (text[end - 1] === '\r') end--;
  return pdf.subarray(start, end);
}

/**
 * Counts the page objects of a PDF, in plain objects and in Flate-compressed object streams;
 * null when none is found (not a PDF, or a compression this reader does not handle).
 */
export function countPdfPages(pdf: Buffer): number | null {
  const text = pdf.toString('latin1');
  let pages = countPageObjects(text);
  for (const m of text.matchAll(STREAM_START)) {
    // The stream's dictionary lies between the object header and the `stream` keyword.
    const header = text.lastIndexOf(' obj', m.index);
    const dict = text.slice(header === -1 ? 0 : header, m.index);
    if (!/\/Type\s*\/ObjStm\b/.test(dict) || !/\/FlateDecode\b/.test(dict)) continue;
    const data = streamData(pdf, text, dict, m.index + m[0].length);
    try {
      pages += countPageObjects(inflateSync(data).toString('latin1'));
    } catch {
      // A damaged stream: its pages are not counted; the caller falls back to the log.
      return null;
    }
  }
  return pages > 0 ? pages : null;
}

/** The page count TeX reports in its .log ("Output written on paper.pdf (3 pages, ..."). */
export function pagesFromLog(log: string): number | null {
  const m = /Output written on .*?\((\d+) pages?\b/.exec(log);
  return m === null ? null : Number(m[1]);
}
