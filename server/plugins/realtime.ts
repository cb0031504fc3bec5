import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isLanguage, type Language } from '../../shared/i18n/index.ts';
import {
  CLOSE_SESSION_ENDED,
  MAX_CLIENT_MESSAGE_BYTES,
  REALTIME_PATH,
  userRoom,
  type ServerMessage,
} from '../../shared/realtime.schemas.ts';
import type { Config } from '../config.ts';
import { createContext, SYSTEM_ACTOR } from '../core/context.ts';
import { AppError } from '../core/errors.ts';
import type { Db } from '../db/connect.ts';
import { findLiveSession } from '../domains/accounts/accounts.service.ts';
import { loadNotificationsForPush } from '../domains/notifications/notifications.service.ts';
import { PgListener } from '../domains/notifications/pg-listener.ts';
import {
  CHANNELS,
  decodeEvent,
  decodeNotificationPairs,
  decodeSessionEnded,
  type NotificationPair,
} from '../domains/notifications/realtime.channels.ts';
import { RealtimeHub } from '../domains/notifications/realtime-hub.ts';
import type { AccessTokenClaims } from './auth.ts';
import { translator } from './error-handler.ts';

export interface RealtimeOptions {
  db: Db;
  config: Config;
  /** The database to LISTEN on; without it (nor DATABASE_URL) pushes cannot reach this server. */
  databaseUrl?: string;
}

interface SocketIdentity {
  userId: string;
  sessionId: string;
  language: Language;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's live connections and its database listener (for health checks, tests, benchmarks). */
    realtime: { hub: RealtimeHub; listener: PgListener | null };
  }
  interface FastifyRequest {
    realtimeIdentity: SocketIdentity | null;
  }
}

/** Most pairs loaded from the table in one query when pushes arrive faster than they are sent. */
const PUSH_BATCH = 500;
/** How long connections get to close on shutdown before they are cut. */
const CLOSE_GRACE_MS = 1000;

/** The access token rides in the URL: it never goes to the logs. */
export function redactToken(url: string): string {
  return url.replace(/([?&]token=)[^&]*/g, '$1[redacted]');
}

/**
 * The live channel (spec sections 4 and 7) at /api/realtime?token=<access token>. A token that is
 * missing, invalid or expired, or whose session has ended, is refused before the upgrade. Pushes
 * arrive through PostgreSQL LISTEN/NOTIFY, so a change committed through any server (or the worker,
 * or the CLI) reaches connections on every server.
 */
export default fp<RealtimeOptions>(
  async function realtime(app: FastifyInstance, options) {
    const { db, config } = options;
    const hub = new RealtimeHub((code, language) => translator(language)(`errors:codes.${code}`));
    const systemCtx = createContext({ db, config }, SYSTEM_ACTOR, { requestId: 'realtime' });

    // Pushes for people connected here are loaded in batches, in the order they were committed.
    const pending: NotificationPair[] = [];
    let flushing = false;
    async function flushNotifications() {
      if (flushing) return;
      flushing = true;
      while (pending.length > 0) {
        const batch = pending.splice(0, PUSH_BATCH);
        try {
          const loaded = await loadNotificationsForPush(
            systemCtx,
            batch.map((pair) => pair.id),
          );
          for (const { userId, notification } of loaded) {
            hub.sendToRoom(userRoom(userId), { event: 'activity-notification', data: notification });
          }
        } catch (error) {
          // The rows stay in the table: the bell shows them on its next load.
          app.log.error({ err: error }, 'realtime: loading pushed notifications failed');
        }
      }
      flushing = false;
    }

    function onNotification(channel: string, payload: string) {
      if (channel === CHANNELS.notifications) {
        const mine = decodeNotificationPairs(payload).filter((pair) =>
          hub.hasMembers(userRoom(pair.user_id)),
        );
        if (mine.length === 0) return;
        pending.push(...mine);
        void flushNotifications();
      } else if (channel === CHANNELS.events) {
        const envelope = decodeEvent(payload);
        if (!envelope) return;
        const message = { event: envelope.event, data: envelope.data } as ServerMessage;
        if ('room' in envelope.to) hub.sendToRoom(envelope.to.room, message);
        else for (const userId of envelope.to.users) hub.sendToRoom(userRoom(userId), message);
      } else if (channel === CHANNELS.sessionEnded) {
        const ended = decodeSessionEnded(payload);
        if (ended) hub.closeWhere(ended, CLOSE_SESSION_ENDED, 'session ended');
      }
    }

    const connectionString = options.databaseUrl ?? config.DATABASE_URL;
    const listener = connectionString
      ? new PgListener({
          connectionString,
          channels: Object.values(CHANNELS),
          onNotification,
          log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) },
        })
      : null;
    if (listener) await listener.start();
    else app.log.warn('realtime: no database URL to LISTEN on; live pushes are disabled on this server');

    const heartbeat = setInterval(() => hub.heartbeat(), config.REALTIME_HEARTBEAT_SECONDS * 1000);
    heartbeat.unref();

    app.decorate('realtime', { hub, listener });
    app.decorateRequest('realtimeIdentity', null);

    await app.register(fastifyWebsocket, {
      options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES },
      // Close frames first, so browsers reconnect to another server at once; then cut the silent ones.
      preClose: async function () {
        hub.closeAll(1001, 'server shutting down');
        const deadline = Date.now() + CLOSE_GRACE_MS;
        while (hub.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        hub.terminateAll();
        for (const client of app.websocketServer.clients) client.terminate();
        await new Promise<void>((resolve) => app.websocketServer.close(() => resolve()));
      },
    });

    async function authenticateSocket(request: FastifyRequest) {
      const token = (request.query as { token?: unknown }).token;
      if (typeof token !== 'string' || token.length === 0) throw new AppError('UNAUTHENTICATED');
      let claims: AccessTokenClaims;
      try {
        claims = app.jwt.verify<AccessTokenClaims>(token);
      } catch (error) {
        const code = (error as { code?: string }).code;
        throw new AppError(code === 'FAST_JWT_EXPIRED' ? 'ACCESS_TOKEN_EXPIRED' : 'UNAUTHENTICATED');
      }
      if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string') {
        throw new AppError('UNAUTHENTICATED');
      }
      const session = await findLiveSession(db, claims.sid, claims.sub);
      if (!session) throw new AppError('SESSION_EXPIRED');
      request.realtimeIdentity = {
        userId: session.id,
        sessionId: session.session_id,
        language: isLanguage(session.language) ? session.language : 'en',
      };
    }

    app.get(
      REALTIME_PATH,
      {
        websocket: true,
        // The token is checked here, before the upgrade: a refused client gets an HTTP error, no socket.
        config: { access: 'public' },
        onRequest: authenticateSocket,
      },
      (socket, request) => {
        const identity = request.realtimeIdentity!;
        const connection = hub.add(socket, identity);
        socket.on('message', (data: Buffer, isBinary: boolean) => {
          if (isBinary) return hub.handleMessage(connection, '');
          hub.handleMessage(connection, data.toString());
        });
        socket.on('pong', () => {
          connection.alive = true;
        });
        socket.on('close', () => hub.remove(connection));
        // A sign-out committed between the check and now was announced before this socket was known.
        void findLiveSession(db, identity.sessionId, identity.userId).then(
          (live) => {
            if (!live)
              hub.closeWhere({ sessionId: identity.sessionId }, CLOSE_SESSION_ENDED, 'session ended');
          },
          () => {},
        );
      },
    );

    app.addHook('onClose', async () => {
      clearInterval(heartbeat);
      await listener?.stop();
    });
  },
  // Registered after the auth plugin: it verifies tokens with app.jwt.
  { name: 'realtime' },
);
