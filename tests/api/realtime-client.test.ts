import t from 'tap';
import { CONNECT_TIMEOUT_MS, RealtimeClient, reconnectDelay } from '../../client/realtime/realtime-client.ts';
import { notify } from '../../server/domains/notifications/notifications.service.ts';
import { DISCORD_STATUS_ROOM, userRoom } from '../../shared/realtime.schemas.ts';
import type { Notification } from '../../shared/notifications.schemas.ts';
import { eventually, startRealtimeServer } from '../helpers/realtime.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

const payment = (name: string) => ({
  actor: null,
  invoice: { id: `inv-${name}`, name, firstName: 'An', lastName: 'Nguyen' },
});

t.test('reconnect delays: 1 s growing to 5 s; connect timeout 20 s (spec section 7)', async (t) => {
  t.same([0, 1, 2, 3, 4, 10].map(reconnectDelay), [1000, 2000, 4000, 5000, 5000, 5000]);
  t.equal(CONNECT_TIMEOUT_MS, 20_000);
});

/** The browser's client, run in Node against a real server (Node 24 has the same WebSocket). */
t.test('the browser client against a real server', async (t) => {
  const database = await createTestDatabase();
  const server = await startRealtimeServer(database);
  const clients: RealtimeClient[] = [];
  t.teardown(async () => {
    for (const client of clients) client.stop();
    await server.app.close();
    await database.drop();
  });
  const url = () => `ws://127.0.0.1:${server.port}/api/realtime`;
  const hub = server.app.realtime.hub;

  t.test('joins its rooms, gets pushes, joins again after the server drops it', async (t) => {
    const alice = await server.signIn({ builtInRoles: ['user'] });
    const refreshAsked: boolean[] = [];
    let reconnected = 0;
    const client = new RealtimeClient({
      url,
      // The first token is refused; the client then asks for a fresh one.
      getToken: async (refresh) => {
        refreshAsked.push(refresh);
        return refreshAsked.length === 1 ? 'stale-token' : alice.accessToken;
      },
      onReconnected: () => reconnected++,
    });
    clients.push(client);
    const received: Notification[] = [];
    client.on('activity-notification', (notification) => received.push(notification));
    const joined: string[] = [];
    client.on('room-joined', ({ room }) => joined.push(room));
    client.join(userRoom(alice.user.id));
    client.join(DISCORD_STATUS_ROOM);
    client.start();

    await eventually(() => (joined.length === 2 ? true : undefined), 'both rooms joined');
    t.same(refreshAsked, [false, true], 'a refused token is replaced once');
    t.equal(reconnected, 0, 'the first connection is not a reconnection');
    const [first] = await notify(server.systemCtx(), [alice.user.id], 'PAYMENT_MADE', payment('One'));
    await eventually(() => received.find((n) => n.id === first), 'the first push');

    hub.terminateAll(); // the server loses the connection (a restart, a network cut)
    await eventually(() => (joined.length === 4 ? true : undefined), 'rooms joined again after reconnecting');
    t.equal(reconnected, 1, 'told that it reconnected (so the bell reloads)');
    t.same(joined.slice(2).sort(), [DISCORD_STATUS_ROOM, userRoom(alice.user.id)].sort());
    const [second] = await notify(server.systemCtx(), [alice.user.id], 'PAYMENT_MADE', payment('Two'));
    await eventually(() => received.find((n) => n.id === second), 'a push after the reconnect');

    const rejoin = client.leaveAll();
    t.same(client.rooms, []);
    await eventually(
      () => (hub.hasMembers(userRoom(alice.user.id)) ? undefined : true),
      'rooms left on the server',
    );
    rejoin();
    await eventually(
      () => (hub.hasMembers(userRoom(alice.user.id)) ? true : undefined),
      'rooms joined again',
    );

    const before = hub.size;
    client.stop();
    t.equal(client.status, 'idle');
    await eventually(() => (hub.size === before - 1 ? true : undefined), 'the connection closed');
  });

  t.test('does not reconnect once the session has ended', async (t) => {
    const bob = await server.signIn({ builtInRoles: ['user'] });
    let ended = false;
    let opened = false;
    const client = new RealtimeClient({
      url,
      getToken: async () => bob.accessToken,
      onSessionEnded: () => (ended = true),
    });
    clients.push(client);
    client.onStatus((status) => status === 'open' && (opened = true));
    client.start();
    await eventually(() => (opened ? true : undefined), 'open');
    await server.app.inject({
      method: 'DELETE',
      url: '/api/auth/sign-out',
      headers: { authorization: `Bearer ${bob.accessToken}` },
    });
    await eventually(() => (ended ? true : undefined), 'told the session ended');
    t.equal(client.status, 'idle', 'stays closed');
  });
});
