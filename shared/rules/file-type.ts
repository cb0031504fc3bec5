/**
 * What a file is, judged by its first bytes rather than by its name or the browser's claim: a text
 * file renamed to .pdf stays a text file, and the signature must open the file. The browser checks before an upload, the server again.
 */
export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
export const ODT = 'application/vnd.oasis.opendocument.text';
export const ODS = 'application/vnd.oasis.opendocument.spreadsheet';

export type DetectedType =
  | 'application/pdf'
  | 'image/png'
  | 'image/jpeg'
  | typeof DOCX
  | typeof XLSX
  | typeof PPTX
  | typeof ODT
  | typeof ODS;

const SIGNATURES: Array<{ type: DetectedType; bytes: number[] }> = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

/** How many first bytes `detectFileType` needs (office files name their parts in the first entries). */
export const FILE_TYPE_HEAD_BYTES = 8192;

const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const OOXML_PARTS: Array<{ prefix: string; type: DetectedType }> = [
  { prefix: 'word/', type: DOCX },
  { prefix: 'xl/', type: XLSX },
  { prefix: 'ppt/', type: PPTX },
];

const latin1 = (data: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...data.subarray(start, Math.min(end, data.length)));

/**
 * An office document is a ZIP archive: an OpenDocument file stores its type first (an uncompressed
 * `mimetype` entry), an Office Open XML file has `[Content_Types].xml` and its parts under `word/`,
 * `xl/` or `ppt/`, named by the local headers found in the first bytes. Any other ZIP is refused.
 */
function detectOfficeType(data: Uint8Array): DetectedType | null {
  let offset = 0;
  let sawContentTypes = false;
  for (let entries = 0; entries < 64 && offset + 30 <= data.length; entries++) {
    if (!ZIP_LOCAL_HEADER.every((byte, i) => data[offset + i] === byte)) return null;
    const view = new DataView(data.buffer, data.byteOffset + offset, 30);
    const flags = view.getUint16(6, true);
    const compressedSize = view.getUint32(18, true);
    const nameLength = view.getUint16(26, true);
    const extraLength = view.getUint16(28, true);
    const name = latin1(data, offset + 30, offset + 30 + nameLength);
    if (name.length < nameLength) break; // the name runs past what was read
    if (entries === 0 && name === 'mimetype') {
      const content = latin1(
        data,
        offset + 30 + nameLength + extraLength,
        offset + 30 + nameLength + extraLength + compressedSize,
      );
      if (content === ODT) return ODT;
      if (content === ODS) return ODS;
      return null;
    }
    if (name === '[Content_Types].xml') sawContentTypes = true;
    const part = OOXML_PARTS.find((candidate) => name.startsWith(candidate.prefix));
    if (part && sawContentTypes) return part.type;
    // A size written after the data (bit 3) cannot be skipped without inflating: stop looking.
    if (flags & 0x08) break;
    offset += 30 + nameLength + extraLength + compressedSize;
  }
  return null;
}

export function detectFileType(data: Uint8Array): DetectedType | null {
  for (const signature of SIGNATURES) {
    if (signature.bytes.every((byte, i) => data[i] === byte)) return signature.type;
  }
  if (ZIP_LOCAL_HEADER.every((byte, i) => data[i] === byte)) return detectOfficeType(data);
  // The signature must open the file: an HTML page that merely mentions `%PDF-` near its start
  // is not a PDF, whatever lenient readers accept.
  return null;
}
