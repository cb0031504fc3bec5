/** Multipart bodies for `api({ file })`: forms that carry files (employee documents, leave attachments). */

export type FormFieldValue = string | string[] | null | undefined;

/**
 * A multipart form as a Blob that carries its boundary in its type: the API wrapper sends a Blob as
 * the raw body with that type, so forms need no second request helper. The body is built here rather
 * than by FormData because a Blob's type is lower-cased by the browser: the boundary must be too.
 * A list value becomes repeated parts; an empty list one empty part (the server reads it as none).
 */
export function formBlob(fields: Record<string, FormFieldValue>, files: Record<string, File | File[]>): Blob {
  const boundary = `----backoffice${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('')}`;
  // As browsers do: quotes and line breaks in names are percent-encoded.
  const quote = (value: string) => value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const parts: BlobPart[] = [];
  const part = (name: string, value: string) =>
    parts.push(`--${boundary}\r\ncontent-disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`);
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length === 0) part(name, '');
      for (const item of value) part(name, item);
    } else part(name, value ?? '');
  }
  // Several files under one name (an invoice's attachments) are repeated parts, in order.
  const fileParts = Object.entries(files).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((file) => [name, file] as const),
  );
  for (const [name, file] of fileParts) {
    parts.push(
      `--${boundary}\r\ncontent-disposition: form-data; name="${quote(name)}"; filename="${quote(file.name)}"\r\n` +
        `content-type: ${file.type || 'application/octet-stream'}\r\n\r\n`,
      file,
      '\r\n',
    );
  }
  parts.push(`--${boundary}--\r\n`);
  return new Blob(parts, { type: `multipart/form-data; boundary=${boundary}` });
}
