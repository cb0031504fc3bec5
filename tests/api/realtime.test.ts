import { sql } from 'kysely';
import http from 'node:http';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import t from 'tap';
import { inTransaction } from '../../server/core/transaction.ts';
import { notify } from '../../server/domains/notifications/notifications.service.ts';
import { pushDiscordStatus, pushToUsers } from '../../server/domains/notifications/realtime.service.ts';
import { DISCORD_STATUS_ROOM, userRoom, type ServerMessage } from '../../shared/realtime.schemas.ts';
import { eventually, startRealtimeServer, TestSocket, type RealtimeServer } from '../helpers/realtime.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

const actor = { id: null, firstName: 'An', lastName: 'Nguyen', avatarUrl: null };
const payment = (name: string) => ({
  actor,
  invoice: { id: `inv-${name}`, name, firstName: 'An', lastName: 'Nguyen' },
});

const isNotification = (id: string) => (m: ServerMessage) =>
  m.event === 'activity-notification' && m.data.id === id;

/** The HTTP answer to an upgrade request that the server refuses. */
function upgradeStatus(server: RealtimeServer, query: string): Promise<{ status: number; code: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      agent: false,
      host: '127.0.0.1',
      port: server.port,
      path: `/api/realtime${query}`,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
      },
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, code: JSON.parse(body).code }));
    });
    request.on('upgrade', () => reject(new Error('the server accepted the upgrade')));
    request.on('error', reject);
    request.end();
  });
}

t.test('the live channel', async (t) => {
  const database = await createTestDatabase();
  const server = await startRealtimeServer(database, { REALTIME_HEARTBEAT_SECONDS: '1' });
  const sockets: TestSocket[] = [];
  t.teardown(async () => {
    for (const socket of sockets) socket.close();
    await server.app.close();
    await database.drop();
  });
  async function connect(token: string | null) {
    const socket = await TestSocket.connect(server.socketUrl(token));
    sockets.push(socket);
    return socket;
  }

  const alice = await server.signIn({ builtInRoles: ['user'] });

  t.test('a missing, invalid, expired or ended token is refused before the upgrade', async (t) => {
    t.same(await upgradeStatus(server, ''), { status: 401, code: 'UNAUTHENTICATED' });
    t.same(await upgradeStatus(server, '?token=not-a-jwt'), { status: 401, code: 'UNAUTHENTICATED' });
    const claims = JSON.parse(Buffer.from(alice.accessToken.split('.')[1]!, 'base64url').toString());
    const expired = server.app.jwt.sign(
      { sub: claims.sub, sid: claims.sid },
      { clockTimestamp: Date.now() - 2 * 3600_000 },
    );
    t.same(await upgradeStatus(server, `?token=${expired}`), { status: 440, code: 'ACCESS_TOKEN_EXPIRED' });
    const forged = alice.accessToken.slice(0, -4) + (alice.accessToken.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    t.same(await upgradeStatus(server, `?token=${forged}`), { status: 401, code: 'UNAUTHENTICATED' });

    const bob = await server.signIn({ builtInRoles: ['user'] });
    await server.app.inject({
      method: 'DELETE',
      url: '/api/auth/sign-out',
      headers: { authorization: `Bearer ${bob.accessToken}` },
    });
    t.same(await upgradeStatus(server, `?token=${bob.accessToken}`), {
      status: 401,
      code: 'SESSION_EXPIRED',
    });

    const refused = await connect('not-a-jwt');
    t.notOk(refused.opened, 'a browser client never opens');
    t.ok(refused.closed);
  });

  t.test('pushes reach the person in their room, after commit, in order', async (t) => {
    const socket = await connect(alice.accessToken);
    t.ok(socket.opened);
    await socket.join(userRoom(alice.user.id));

    const [first] = await notify(server.systemCtx(), [alice.user.id], 'PAYMENT_MADE', payment('Laptop'));
    const pushed = await socket.next(isNotification(first!));
    t.match(pushed, {
      event: 'activity-notification',
      data: {
        id: first,
        type: 'PAYMENT_MADE',
        tab: 'PLATFORM',
        isRead: false,
        data: { invoice: { name: 'Laptop' } },
      },
    });

    // A rolled-back change pushes nothing: a later committed one arrives, the rolled-back one never did.
    await t.rejects(
      inTransaction(server.systemCtx(), async (tx) => {
        await notify(tx, [alice.user.id], 'PAYMENT_MADE', payment('Rolled back'));
        throw new Error('the change fails');
      }),
    );
    const from = socket.messages.length;
    const [later] = await notify(server.systemCtx(), [alice.user.id], 'PAYMENT_MADE', payment('Committed'));
    await socket.next(isNotification(later!), from);
    const received = socket.messages.slice(from).filter((m) => m.event === 'activity-notification');
    t.equal(received.length, 1, 'only the committed one');

    // An announcement through the API reaches the open page.
    const admin = await server.signIn({ permissions: ['notifications.announce'] });
    const announced = await server.app.inject({
      method: 'POST',
      url: '/api/notifications/announcements',
      headers: { authorization: `Bearer ${admin.accessToken}` },
      payload: { message: 'Fire drill at 3 pm', userIds: [alice.user.id] },
    });
    t.equal(announced.statusCode, 201);
    const announcement = await socket.next(
      (m) => m.event === 'activity-notification' && m.data.type === 'ANNOUNCEMENT',
    );
    t.match(announcement, { data: { data: { message: 'Fire drill at 3 pm' } } });

    // Other events for the person: password expiration, security enforcement, outdated device.
    await pushToUsers(server.systemCtx(), [alice.user.id], 'password-expiration', {
      message: 'Your password expires in 3 days.',
      expired: false,
    });
    await pushToUsers(server.systemCtx(), [alice.user.id], 'security-enforcement', {
      type: 'DEVICE',
      active: true,
    });
    await pushToUsers(server.systemCtx(), [alice.user.id], 'outdated-device-version', {
      outdated: true,
      browser: 'Chrome',
      browserVersion: '120',
      latestBrowserVersion: '131',
    });
    t.match(await socket.next((m) => m.event === 'password-expiration'), {
      data: { message: 'Your password expires in 3 days.', expired: false },
    });
    t.match(await socket.next((m) => m.event === 'security-enforcement'), {
      data: { type: 'DEVICE', active: true },
    });
    t.match(await socket.next((m) => m.event === 'outdated-device-version'), {
      data: { latestBrowserVersion: '131' },
    });
  });

  t.test('rooms: join-room and left-room decide what arrives', async (t) => {
    const carol = await server.signIn({ builtInRoles: ['user'] });
    const socket = await connect(carol.accessToken);
    await socket.join(DISCORD_STATUS_ROOM);

    // Not in the person's room yet: a notification is not delivered. A later Discord-status event,
    // which travels the same ordered channel, proves the notification had its chance first.
    const [missed] = await notify(server.systemCtx(), [carol.user.id], 'PAYMENT_MADE', payment('Missed'));
    await pushDiscordStatus(server.systemCtx(), carol.user.id, 'online');
    t.match(await socket.next((m) => m.event === 'discord-status'), {
      data: { userId: carol.user.id, status: 'online' },
    });

    await socket.join(userRoom(carol.user.id));
    const [delivered] = await notify(
      server.systemCtx(),
      [carol.user.id],
      'PAYMENT_MADE',
      payment('Delivered'),
    );
    await socket.next(isNotification(delivered!));
    t.notOk(socket.messages.some(isNotification(missed!)), 'nothing arrived before joining');

    await socket.leave(userRoom(carol.user.id));
    await socket.leave(DISCORD_STATUS_ROOM);
    const from = socket.messages.length;
    const [afterLeaving] = await notify(server.systemCtx(), [carol.user.id], 'PAYMENT_MADE', payment('Left'));
    await pushDiscordStatus(server.systemCtx(), carol.user.id, 'idle');
    await socket.join(userRoom(carol.user.id));
    const [back] = await notify(server.systemCtx(), [carol.user.id], 'PAYMENT_MADE', payment('Back'));
    await socket.next(isNotification(back!), from);
    t.notOk(socket.messages.slice(from).some(isNotification(afterLeaving!)), 'nothing arrives after leaving');
    t.notOk(
      socket.messages.slice(from).some((m) => m.event === 'discord-status'),
      'the left Discord-status room is silent',
    );

    // Another person's room looks like one that does not exist; bad frames get a clear error.
    let from2 = socket.messages.length;
    socket.send('join-room', { room: userRoom(alice.user.id) });
    t.match(await socket.next((m) => m.event === 'error', from2), {
      data: { code: 'ROOM_NOT_FOUND', message: 'There is no room with this name.' },
    });
    from2 = socket.messages.length;
    socket.socket.send('not json');
    t.match(await socket.next((m) => m.event === 'error', from2), { data: { code: 'BAD_REALTIME_MESSAGE' } });
    from2 = socket.messages.length;
    socket.send('shout', { room: DISCORD_STATUS_ROOM });
    t.match(await socket.next((m) => m.event === 'error', from2), { data: { code: 'BAD_REALTIME_MESSAGE' } });
    t.equal(socket.closed, null, 'errors do not close the connection');

    const [stillHere] = await notify(server.systemCtx(), [alice.user.id], 'PAYMENT_MADE', payment('Other'));
    const aliceSocket = await connect(alice.accessToken);
    await aliceSocket.join(userRoom(alice.user.id));
    const [forAlice] = await notify(server.systemCtx(), [alice.user.id], 'PAYMENT_MADE', payment('Alice'));
    await aliceSocket.next(isNotification(forAlice!));
    t.notOk(socket.messages.some(isNotification(forAlice!)), "carol never sees alice's notification");
    t.ok(stillHere);
  });

  t.test('error messages follow the person language', async (t) => {
    const lan = await server.signIn({ builtInRoles: ['user'], language: 'vi' });
    const socket = await connect(lan.accessToken);
    socket.send('join-room', { room: 'secret' });
    t.match(await socket.next((m) => m.event === 'error'), {
      data: { code: 'ROOM_NOT_FOUND', message: 'Không có phòng với tên này.' },
    });
  });

  t.test('signing out or being deactivated closes the connections', async (t) => {
    const dan = await server.signIn({ builtInRoles: ['user'] });
    // A second session of the same person, in another browser.
    const second = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: dan.user.email, password: 'Passw0rd!test' },
    });
    const secondToken = second.json().accessToken as string;
    const first = await connect(dan.accessToken);
    const other = await connect(secondToken);
    await first.join(userRoom(dan.user.id));
    await other.join(userRoom(dan.user.id));

    const out = await server.app.inject({
      method: 'DELETE',
      url: '/api/auth/sign-out',
      headers: { authorization: `Bearer ${dan.accessToken}` },
    });
    t.equal(out.statusCode, 204);
    t.same(await first.waitClosed(), { code: 4401, reason: 'session ended' });
    const [stillLive] = await notify(
      server.systemCtx(),
      [dan.user.id],
      'PAYMENT_MADE',
      payment('Other browser'),
    );
    await other.next(isNotification(stillLive!));
    t.equal(other.closed, null, 'the other session stays connected');

    await database.db
      .updateTable('users')
      .set({ status: 'INACTIVE' })
      .where('id', '=', dan.user.id)
      .execute();
    t.same(await other.waitClosed(), { code: 4401, reason: 'session ended' }, 'deactivation closes the rest');

    // A rolled-back deactivation closes nothing.
    const erin = await server.signIn({ builtInRoles: ['user'] });
    const erinSocket = await connect(erin.accessToken);
    await erinSocket.join(userRoom(erin.user.id));
    await t.rejects(
      database.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ status: 'INACTIVE' }).where('id', '=', erin.user.id).execute();
        throw new Error('undo');
      }),
    );
    const [proof] = await notify(server.systemCtx(), [erin.user.id], 'PAYMENT_MADE', payment('Still here'));
    await erinSocket.next(isNotification(proof!));
    t.equal(erinSocket.closed, null);
  });

  t.test('heartbeats drop a connection that stopped answering', async (t) => {
    const frank = await server.signIn({ builtInRoles: ['user'] });
    // A raw TCP client that completes the handshake and then never answers a ping.
    const dead = net.connect(server.port, '127.0.0.1');
    let ended = false;
    let handshake = '';
    dead.on('data', (chunk) => (handshake += chunk.toString('latin1')));
    dead.on('close', () => (ended = true));
    dead.on('error', () => {});
    await new Promise<void>((resolve) => dead.once('connect', () => resolve()));
    dead.write(
      `GET /api/realtime?token=${frank.accessToken} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\n` +
        `Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n\r\n`,
    );
    await eventually(
      () => (handshake.includes('101 Switching Protocols') ? true : undefined),
      'the handshake',
    );
    const live = await connect(frank.accessToken);
    const connected = server.app.realtime.hub.size;

    await eventually(() => (ended ? true : undefined), 'the silent connection to be dropped');
    t.equal(server.app.realtime.hub.size, connected - 1, 'only the silent one went');
    t.equal(live.closed, null, 'a client that answers pings stays');
  });

  t.test('the listener reconnects after losing its database connection', async (t) => {
    const grace = await server.signIn({ builtInRoles: ['user'] });
    const socket = await connect(grace.accessToken);
    await socket.join(userRoom(grace.user.id));
    const listener = server.app.realtime.listener!;
    const pid = listener.backendPid;
    t.ok(pid);
    await sql`select pg_terminate_backend(${pid})`.execute(database.db);
    await eventually(
      () => (listener.listening && listener.backendPid !== pid ? true : undefined),
      'the listener to reconnect',
    );
    const [afterRestart] = await notify(
      server.systemCtx(),
      [grace.user.id],
      'PAYMENT_MADE',
      payment('After'),
    );
    await socket.next(isNotification(afterRestart!));
    t.pass('pushes flow again');
  });
});

t.test('closing the app closes its sockets and its listener', async (t) => {
  const database = await createTestDatabase();
  t.teardown(() => database.drop());
  const server = await startRealtimeServer(database);
  const { accessToken } = await server.signIn({ builtInRoles: ['user'] });
  const socket = await TestSocket.connect(server.socketUrl(accessToken));
  t.ok(socket.opened);
  await server.app.close();
  t.same(await socket.waitClosed(), { code: 1001, reason: 'server shutting down' });
  t.equal(server.app.realtime.listener?.listening, false);
  t.equal(server.app.realtime.hub.size, 0);
});
