import { AppError } from '../../core/errors.ts';

/**
 * What a file is, judged by its first bytes rather than by its name or the browser's claim:
 * a renamed executable stays an executable. The signature must open the file: an HTML page that
 * merely mentions `%PDF-` near its start is not a PDF.
 */
export type DetectedType = 'application/pdf' | 'image/png' | 'image/jpeg';

const SIGNATURES: Array<{ type: DetectedType; bytes: number[]; offset?: number }> = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

export function detectFileType(data: Uint8Array): DetectedType | null {
  for (const signature of SIGNATURES) {
    const offset = signature.offset ?? 0;
    if (signature.bytes.every((byte, i) => data[offset + i] === byte)) return signature.type;
  }
  return null;
}

const EXTENSIONS: Record<DetectedType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

export function extensionOf(type: DetectedType): string {
  return EXTENSIONS[type];
}

/** 413 'File size exceeds the maximum limit of {{number}}MB.', on the form field. */
export function fileTooLarge(field: string, maxMb: number): AppError {
  return new AppError('FILE_TOO_LARGE', {
    params: { number: maxMb },
    details: [{ field, code: 'fileSize', params: { number: maxMb }, message: '' }],
  });
}

/** 415 'Unsupported file type.', on the form field. */
export function unsupportedFileType(field: string): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', { details: [{ field, code: 'fileType', message: '' }] });
}

/** Accepts a file only when its content is one of `allowed` and it is not larger than `maxMb`. */
export function checkUpload(
  upload: { field: string; data: Buffer },
  allowed: readonly DetectedType[],
  maxMb: number,
): DetectedType {
  if (upload.data.length > maxMb * 1024 * 1024) throw fileTooLarge(upload.field, maxMb);
  const type = detectFileType(upload.data);
  if (!type || !allowed.includes(type)) throw unsupportedFileType(upload.field);
  return type;
}
