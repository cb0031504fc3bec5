import { i18nFor, type Language } from '../../../shared/i18n/index.ts';
import type { NotificationActor } from '../../../shared/notifications.schemas.ts';
import type { ServiceContext } from '../../core/context.ts';
import { composeAccountMail, mailName } from '../accounts/account-mail.ts';
import { findUserById } from '../accounts/accounts.service.ts';
import { listPermissionHolders } from '../access/permission-holders.service.ts';
import { queueMail } from '../mail/mail.service.ts';
import { notify } from '../notifications/notifications.service.ts';

/**
 * What people hear about SSO access requests (spec section 3): SSO_REQUEST to every holder of
 * `sso.manage`, live and by mail (the click opens /account-management); SSO_REQUEST_APPROVED or
 * _REJECTED to the person (the click opens /sso-connections). Written in the caller's transaction.
 */

const ssoT = (language: Language) => {
  const t = i18nFor(language);
  return (key: string, options: Record<string, unknown> = {}) => t.t(`sso:${key}`, options) as string;
};

async function actorRef(ctx: ServiceContext): Promise<NotificationActor | null> {
  const me = ctx.actor.id ? await findUserById(ctx, ctx.actor.id) : undefined;
  return me
    ? { id: me.id, firstName: me.first_name, lastName: me.last_name, avatarUrl: me.avatar_url }
    : null;
}

/** Tells the app managers that a person asks to use an app. */
export async function tellManagers(
  tx: ServiceContext,
  request: { id: string; connectionName: string; requesterName: string },
): Promise<void> {
  const managers = (await listPermissionHolders(tx, 'sso.manage', {
    exceptId: tx.actor.id,
    limit: 200,
  })) as Array<{
    id: string;
  }>;
  if (managers.length === 0) return;
  await notify(
    tx,
    managers.map((m) => m.id),
    'SSO_REQUEST',
    { actor: await actorRef(tx), ssoRequest: { id: request.id, ssoConnectionName: request.connectionName } },
  );
  for (const manager of managers) {
    const person = await findUserById(tx, manager.id);
    if (!person) continue;
    const language = person.language;
    const t = ssoT(language);
    const params = { name: request.requesterName, connection: request.connectionName };
    await queueMail(
      tx,
      composeAccountMail({
        to: person.email,
        name: mailName(person),
        language,
        template: 'sso-request',
        subject: t('mail.request.subject', params),
        paragraphs: [t('mail.request.body', params)],
        action: {
          label: t('mail.request.open'),
          url: `${tx.config.publicUrl}/account-management/sso-connections`,
        },
      }),
    );
  }
}

/** Tells the person the answer to their request. */
export async function tellRequester(
  tx: ServiceContext,
  requesterId: string,
  decision: 'APPROVED' | 'REJECTED',
  connection: { id: string; name: string },
): Promise<void> {
  await notify(tx, [requesterId], decision === 'APPROVED' ? 'SSO_REQUEST_APPROVED' : 'SSO_REQUEST_REJECTED', {
    actor: await actorRef(tx),
    ssoConnection: connection,
  });
}
