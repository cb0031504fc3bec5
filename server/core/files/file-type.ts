import { AppError } from '../errors.ts';

import { detectFileType, type DetectedType } from '../../../shared/rules/file-type.ts';

// The detection is shared with the browser, which checks a file before uploading it.
export { detectFileType, type DetectedType };

const EXTENSIONS: Record<DetectedType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
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
