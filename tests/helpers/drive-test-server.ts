import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Google Drive v3 API, answering its documented shapes: the OAuth token
 * endpoint, files.create by multipart or resumable upload, files.list (`'<folder>' in parents` and
 * `name = '<name>'`), files.get with alt=media, files.delete and permissions.create. Nothing leaves
 * the machine; the test reads what it stored.
 */
export interface DriveTestServer {
  rootUrl: string;
  files: Map<string, { id: string; name: string; parents: string[]; content: Buffer; createdTime: string }>;
  permissions: Array<{ fileId: string; role: string; type: string; emailAddress: string }>;
  tokenRequests: number;
  close(): Promise<void>;
}

const read = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** The parts of a multipart/related body: each with its headers and bytes. */
function multipartParts(body: Buffer, boundary: string) {
  const parts: Array<{ headers: string; content: Buffer }> = [];
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length, next);
    const split = part.indexOf('\r\n\r\n');
    if (split !== -1) {
      let content = part.subarray(split + 4);
      if (content.subarray(-2).toString() === '\r\n') content = content.subarray(0, -2);
      parts.push({ headers: part.subarray(0, split).toString(), content });
    }
    start = next;
  }
  return parts;
}

export async function startDriveTestServer(): Promise<DriveTestServer> {
  const files: DriveTestServer['files'] = new Map();
  const permissions: DriveTestServer['permissions'] = [];
  const sessions = new Map<string, { name: string; parents: string[] }>();
  const state = { tokenRequests: 0 };

  const store = (metadata: { name: string; parents?: string[] }, content: Buffer) => {
    const id = randomUUID().replace(/-/g, '');
    files.set(id, {
      id,
      name: metadata.name,
      parents: metadata.parents ?? [],
      content,
      createdTime: new Date().toISOString(),
    });
    return { id, name: metadata.name };
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const body = await read(request);
    if (request.headers.authorization !== 'Bearer test-access-token' && url.pathname !== '/token') {
      return json(response, 401, {
        error: { code: 401, message: 'Request had invalid authentication credentials.' },
      });
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      state.tokenRequests += 1;
      const form = new URLSearchParams(body.toString());
      if (form.get('grant_type') !== 'refresh_token' || form.get('refresh_token') !== 'test-refresh-token') {
        return json(response, 400, { error: 'invalid_grant' });
      }
      return json(response, 200, {
        access_token: 'test-access-token',
        expires_in: 3600,
        token_type: 'Bearer',
      });
    }
    if (url.pathname === '/upload/drive/v3/files' && request.method === 'POST') {
      const type = url.searchParams.get('uploadType');
      if (type === 'multipart') {
        const boundary =
          /boundary=([^;]+)/.exec(request.headers['content-type'] ?? '')?.[1]?.replace(/"/g, '') ?? '';
        const [metadata, media] = multipartParts(body, boundary);
        if (!metadata || !media) return json(response, 400, { error: { message: 'bad multipart body' } });
        return json(response, 200, store(JSON.parse(metadata.content.toString()), media.content));
      }
      if (type === 'resumable') {
        const session = randomUUID();
        sessions.set(session, JSON.parse(body.toString() || '{}'));
        response.writeHead(200, {
          location: `${rootUrl}upload/drive/v3/files?uploadType=resumable&upload_id=${session}`,
        });
        return response.end();
      }
    }
    if (url.pathname === '/upload/drive/v3/files' && request.method === 'PUT') {
      const session = sessions.get(url.searchParams.get('upload_id') ?? '');
      if (!session) return json(response, 404, { error: { message: 'no such upload' } });
      return json(response, 200, store(session, body));
    }
    if (url.pathname === '/drive/v3/files' && request.method === 'GET') {
      const q = url.searchParams.get('q') ?? '';
      const parent = /'([^']+)' in parents/.exec(q)?.[1];
      const name = /name = '([^']+)'/.exec(q)?.[1];
      const found = [...files.values()].filter(
        (file) => (!parent || file.parents.includes(parent)) && (!name || file.name === name),
      );
      return json(response, 200, {
        files: found.map((file) => ({
          id: file.id,
          name: file.name,
          size: String(file.content.length),
          createdTime: file.createdTime,
        })),
      });
    }
    const fileMatch = /^\/drive\/v3\/files\/([^/]+)(\/permissions)?$/.exec(url.pathname);
    if (fileMatch) {
      const [, id, permissionsPath] = fileMatch;
      if (permissionsPath && request.method === 'POST') {
        const permission = JSON.parse(body.toString()) as {
          role: string;
          type: string;
          emailAddress: string;
        };
        permissions.push({ fileId: id!, ...permission });
        return json(response, 200, { id: randomUUID(), ...permission });
      }
      const file = files.get(id!);
      if (!file) return json(response, 404, { error: { code: 404, message: 'File not found' } });
      if (request.method === 'DELETE') {
        files.delete(id!);
        response.writeHead(204);
        return response.end();
      }
      if (request.method === 'GET' && url.searchParams.get('alt') === 'media') {
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        return response.end(file.content);
      }
    }
    json(response, 404, { error: { code: 404, message: `not handled: ${request.method} ${url.pathname}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const rootUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    rootUrl,
    files,
    permissions,
    get tokenRequests() {
      return state.tokenRequests;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
