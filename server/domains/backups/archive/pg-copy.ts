import { Readable, Writable } from 'node:stream';
import type pg from 'pg';

/**
 * COPY through node-postgres without another dependency: `client.query(submittable)` hands the
 * protocol messages of one statement to these objects. COPY is what pg_dump itself uses for data;
 * here it runs inside the backup's snapshot transaction, so every table is read as of one instant.
 */

interface Connection {
  stream: { pause(): void; resume(): void };
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
  query(text: string): void;
}

/** `COPY … TO STDOUT` as a readable stream of the server's text format; pauses the socket when the reader is slow. */
export class CopyOut extends Readable {
  private connection: Connection | null = null;
  constructor(private readonly text: string) {
    super({ highWaterMark: 256 * 1024 });
  }
  submit(connection: Connection) {
    this.connection = connection;
    connection.query(this.text);
  }
  override _read() {
    this.connection?.stream.resume();
  }
  handleCopyData(message: { chunk: Buffer }) {
    // The chunk is a view into the protocol parser's buffer, which the next socket read reuses:
    // copied, or a slow consumer would see later bytes in its place (caught by the archive checksums).
    if (!this.push(Buffer.from(message.chunk))) this.connection?.stream.pause();
  }
  handleCommandComplete() {}
  handleReadyForQuery() {
    this.connection?.stream.resume();
    this.push(null);
  }
  handleError(error: Error) {
    this.connection?.stream.resume();
    this.destroy(error);
  }
  handleRowDescription() {}
  handleDataRow() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
}

/** `COPY … FROM STDIN` as a writable stream; finishes once the server has accepted every row. */
export class CopyIn extends Writable {
  private connection: Connection | null = null;
  private failure: Error | null = null;
  private finished: ((error?: Error | null) => void) | null = null;
  private markReady!: () => void;
  private markFailed!: (error: Error) => void;
  // Settles when the server is ready for data, or refused the statement before any.
  private readonly ready = new Promise<void>((resolve, reject) => {
    this.markReady = resolve;
    this.markFailed = reject;
  });
  constructor(private readonly text: string) {
    super({ highWaterMark: 256 * 1024 });
    this.ready.catch(() => {});
  }
  submit(connection: Connection) {
    this.connection = connection;
    connection.query(this.text);
  }
  handleCopyInResponse() {
    this.markReady();
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.ready.then(() => {
      if (this.failure) return callback(this.failure);
      this.connection!.sendCopyFromChunk(chunk);
      callback();
    }, callback);
  }
  override _final(callback: (error?: Error | null) => void) {
    this.ready.then(() => {
      if (this.failure) return callback(this.failure);
      this.finished = callback;
      this.connection!.endCopyFrom();
    }, callback);
  }
  /** Rows the server took, from its "COPY n" completion. */
  rowCount = 0;
  handleCommandComplete(message: { text?: string }) {
    this.rowCount = Number(/^COPY (\d+)/.exec(message.text ?? '')?.[1] ?? 0);
  }
  handleReadyForQuery() {
    const finished = this.finished;
    this.finished = null;
    if (finished) finished(this.failure);
    else if (this.failure) this.destroy(this.failure);
  }
  handleError(error: Error) {
    this.failure = error;
    this.markFailed(error);
  }
  handleCopyData() {}
  handleRowDescription() {}
  handleDataRow() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
}

/** Runs a COPY-out on `client`. */
export function copyOut(client: pg.ClientBase, text: string): CopyOut {
  return client.query(new CopyOut(text) as never) as unknown as CopyOut;
}

/** Runs a COPY-in on `client`. */
export function copyIn(client: pg.ClientBase, text: string): CopyIn {
  return client.query(new CopyIn(text) as never) as unknown as CopyIn;
}
