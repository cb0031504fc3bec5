import t from 'tap';
import { DISCORD_STATUS_ROOM, userRoom, type ServerMessage } from '../../shared/realtime.schemas.ts';
import { pushDiscordStatus } from '../../server/domains/notifications/realtime.service.ts';
import { startRealtimeServer, TestSocket } from '../helpers/realtime.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

/**
 * Two servers on one database, as behind a load balancer: each listens on its own port with its
 * own LISTEN connection. Nothing is shared between them in memory except the process.
 */
t.test('a change committed through one server reaches a client connected to the other', async (t) => {
  const database = await createTestDatabase();
  const a = await startRealtimeServer(database);
  const b = await startRealtimeServer(database);
  const sockets: TestSocket[] = [];
  t.teardown(async () => {
    for (const socket of sockets) socket.close();
    await a.app.close();
    await b.app.close();
    await database.drop();
  });
  t.not(a.port, b.port);
  t.not(a.app.realtime.hub, b.app.realtime.hub);

  const admin = await a.signIn({ permissions: ['notifications.announce'] });
  const alice = await b.signIn({ builtInRoles: ['user'] });
  const onB = await TestSocket.connect(b.socketUrl(alice.accessToken));
  sockets.push(onB);
  await onB.join(userRoom(alice.user.id));
  await onB.join(DISCORD_STATUS_ROOM);
  t.equal(a.app.realtime.hub.size, 0, 'nobody is connected to server A');

  const response = await a.app.inject({
    method: 'POST',
    url: '/api/notifications/announcements',
    headers: { authorization: `Bearer ${admin.accessToken}` },
    payload: { message: 'Deploy at 6 pm', userIds: [alice.user.id] },
  });
  t.equal(response.statusCode, 201, 'announced through server A');
  const pushed = await onB.next((m: ServerMessage) => m.event === 'activity-notification');
  t.match(pushed, { data: { type: 'ANNOUNCEMENT', isRead: false, data: { message: 'Deploy at 6 pm' } } });

  // The pushed notification is the one server B serves from the table.
  const list = await b.app.inject({
    method: 'GET',
    url: '/api/notifications',
    headers: { authorization: `Bearer ${alice.accessToken}` },
  });
  t.same(list.json().items[0], pushed.data);

  await pushDiscordStatus(a.systemCtx(), admin.user.id, 'online');
  t.match(await onB.next((m) => m.event === 'discord-status'), { data: { userId: admin.user.id } });

  // Signing out through server A closes the connection held by server B.
  const out = await a.app.inject({
    method: 'DELETE',
    url: '/api/auth/sign-out',
    headers: { authorization: `Bearer ${alice.accessToken}` },
  });
  t.equal(out.statusCode, 204);
  t.same(await onB.waitClosed(), { code: 4401, reason: 'session ended' });
});
