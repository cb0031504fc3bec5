/**
 * What a file is, judged by its first bytes rather than by its name or the browser's claim: a text
 * file renamed to .pdf stays a text file, and the signature must open the file. The browser checks before an upload, the server again.
 */
export type DetectedType = 'application/pdf' | 'image/png' | 'image/jpeg';

const SIGNATURES: Array<{ type: DetectedType; bytes: number[] }> = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

/** How many first bytes `detectFileType` needs. */
export const FILE_TYPE_HEAD_BYTES = 1024;

export function detectFileType(data: Uint8Array): DetectedType | null {
  for (const signature of SIGNATURES) {
    if (signature.bytes.every((byte, i) => data[i] === byte)) return signature.type;
  }
  // The signature must open the file: an HTML page that merely mentions `%PDF-` near its start
  // is not a PDF, whatever lenient readers accept.
  return null;
}
