import { TOTP, Secret } from 'otpauth';
import { loadConfig } from '../../server/config.ts';
import { createContext, SYSTEM_ACTOR } from '../../server/core/context.ts';
import { inTransaction } from '../../server/core/transaction.ts';
import type { Db } from '../../server/db/connect.ts';
import { issueInvitation } from '../../server/domains/accounts/invite.service.ts';
import { createRole, createUser } from '../helpers/factories.ts';
import { expect, fillSignInForm, test } from './support/fixtures.ts';

const PASSWORD = 'Onb0arding!pass';

/**
 * Until the employee screens land, the spec creates the new employee as the employee service will:
 * a PENDING account and an invitation, in one transaction, through the invitations service.
 */
async function inviteNewEmployee(db: Db, names: { firstName: string; lastName: string }) {
  const user = await createUser(db, { ...names, status: 'PENDING' });
  await db
    .updateTable('users')
    .set({ password_hash: null, password_changed_at: null })
    .where('id', '=', user.id)
    .execute();
  const ctx = createContext({ db, config: loadConfig({ NODE_ENV: 'test' }) }, SYSTEM_ACTOR);
  await inTransaction(ctx, (tx) => issueInvitation(tx, user));
  return user;
}

/** The path of the newest link to `path` mailed to an address, as the outbox keeps it. */
async function linkFromOutbox(db: Db, email: string, path: string): Promise<string> {
  const mail = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_email', '=', email)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const match = new RegExp(`${path}\\?token=[\\w%-]+`).exec(mail.text_body);
  if (!match) throw new Error(`no ${path} link in: ${mail.text_body}`);
  return match[0];
}

const totp = (secret: string, stepsAhead = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    timestamp: Date.now() + stepsAhead * 30_000,
  });

test('a new employee signs up through the invitation, turns on two-factor and signs in with it', async ({
  page,
  db,
}) => {
  test.setTimeout(60_000);
  const employee = await inviteNewEmployee(db, { firstName: 'Thảo', lastName: 'Nguyễn' });

  // The invitation is in the outbox, in the person's language, with a single-use link.
  const link = await linkFromOutbox(db, employee.email, '/invite-account');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set up your account' })).toBeVisible();
  await expect(page.getByText('Welcome, Nguyễn Thảo.')).toBeVisible();

  // The terms must be accepted, and the confirmation must match.
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm new password').fill(`${PASSWORD}x`);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('Password does not match')).toBeVisible();
  await expect(page.getByText('You must agree to the terms of service and privacy policy')).toBeVisible();

  await page.getByLabel('Confirm new password').fill(PASSWORD);
  await page.getByLabel('I agree to the terms of service and privacy policy').check();
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();

  // The link is used up.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Invitation Link Expired' })).toBeVisible();
  await expect(page.getByText('Please contact an administrator')).toBeVisible();

  // First sign-in with the new password; then two-factor authentication in the settings.
  await page.goto('/sign-in?next=%2Fsettings');
  await fillSignInForm(page, employee.email, PASSWORD);
  await expect(page).toHaveURL(/\/settings$/);
  const card = page.getByTestId('two-factor-card');
  await expect(card.getByTestId('two-factor-status')).toContainText('Off');
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  const secret = (await card.getByTestId('two-factor-secret').textContent())!.trim();
  await card.getByLabel('Code from the app').fill(totp(secret));
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(card.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByTestId('two-factor-status')).toContainText('On since');

  // Sign out, then sign in again: now a code is asked.
  await page.getByRole('button', { name: 'Account menu' }).hover();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/sign-in');
  await fillSignInForm(page, employee.email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The code is incorrect or has already been used')).toBeVisible();
  // The code of the setup was used; the next 30-second step's code is the next one accepted.
  await page.getByLabel('Code', { exact: true }).fill(totp(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
  await expect(page.getByTestId('page-title')).toBeVisible();
});

test('a person without a permission asks for access; a reviewer grants it', async ({
  page,
  signIn,
  signInAs,
  db,
}) => {
  const reviewer = await createUser(db, {
    permissions: ['access-requests.review', 'roles.view', 'employees.view'],
  });
  const role = await createRole(db, {
    name: `Viewers ${Date.now()}`,
    type: 'ACCESS',
    permissions: ['employees.view'],
  });
  const person = await signInAs({ permissions: ['leave.request'] });
  await page.goto('/employee-management');
  await expect(page.getByTestId('status-403')).toBeVisible();
  await page.getByRole('button', { name: 'Request access' }).click();
  await page.getByLabel('Why do you need access? (optional)').fill('I help with onboarding');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('access-requested')).toContainText('will review it within 24 hours');

  // The reviewer is told by mail, finds it in access control and grants it with an access role.
  const mail = await db
    .selectFrom('mail_outbox')
    .select('subject')
    .where('to_email', '=', reviewer.email)
    .executeTakeFirstOrThrow();
  expect(mail.subject).toMatch(/^New access request from /);
  await page.context().clearCookies();
  await signIn(reviewer);
  await page.goto('/access-control-management?tab=requests');
  const row = page.getByRole('row').filter({ hasText: person.email });
  // The request names the screen the person asked for, not its path.
  await expect(row).toContainText('Employee management');
  await row.getByRole('button', { name: 'Grant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Grant access' });
  await dialog.locator('.p-dropdown').click();
  await page.getByRole('option', { name: role.name }).click();
  await dialog.getByRole('button', { name: 'Grant' }).click();
  await expect(page.getByText('Access granted')).toBeVisible();
  await expect(row).toHaveCount(0);
  const granted = await db
    .selectFrom('user_roles')
    .select('id')
    .where('user_id', '=', person.id)
    .where('role_id', '=', role.id)
    .executeTakeFirst();
  expect(granted).toBeTruthy();
});

test('an administrator manages access roles: permission picker, status, members, delete', async ({
  page,
  signInAs,
  db,
}) => {
  test.setTimeout(60_000);
  await signInAs({ builtInRoles: ['admin'] });
  const newcomer = await createUser(db, { firstName: 'Minh', lastName: `Trần${Date.now()}` });
  const name = `Auditors ${Date.now()}`;
  await page.goto('/access-control-management');
  await expect(page.getByTestId('page-title')).toHaveText('Access control management');
  const panel = page.getByTestId('roles-panel-ACCESS');
  await expect(panel.getByRole('row').filter({ hasText: 'Admin' }).first()).toContainText('All permissions');

  await panel.getByRole('button', { name: 'New role' }).click();
  const dialog = page.getByRole('dialog', { name: 'New role' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByTestId('area-access-control').getByText('View roles').click();
  await dialog.getByLabel('View the audit trail').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  const row = panel.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('2 permissions');

  await row.getByRole('button', { name: `Deactivate ${name}` }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Deactivate role' }).click();
  await expect(row).toContainText('Inactive');
  await row.getByRole('button', { name: `Activate ${name}` }).click();
  await expect(row).toContainText('Active');

  // Give the role to a person in the second tab.
  await page.getByRole('tab', { name: 'People and roles' }).click();
  const members = page.getByTestId('role-members');
  await members.locator('.p-dropdown').click();
  await page.getByRole('option', { name: name }).click();
  await expect(members.getByText('Nobody holds this role.')).toBeVisible();
  await members.getByRole('combobox', { name: 'Add person' }).fill(newcomer.last_name);
  await page.getByRole('option', { name: new RegExp(newcomer.email) }).click();
  await expect(members.getByRole('row').filter({ hasText: newcomer.email })).toBeVisible();

  // A role somebody holds cannot be deleted: the reason is shown; once nobody holds it, it can.
  await page.getByRole('tab', { name: 'Access roles' }).click();
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByTestId('confirm-reason')).toContainText('This role is assigned to 1 people');
  await expect(confirm.getByRole('button', { name: 'Delete role' })).toBeDisabled();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('tab', { name: 'People and roles' }).click();
  await members.getByRole('button', { name: `Remove ${newcomer.email}` }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Take the role away' }).click();
  await expect(members.getByText('Nobody holds this role.')).toBeVisible();
  await page.getByRole('tab', { name: 'Access roles' }).click();
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete role' }).click();
  await expect(row).toHaveCount(0);

  // The profile page opens in the shell as well.
  await page.goto('/settings');
  await expect(page.getByTestId('page-title')).toHaveText('Settings');
  await expect(page.getByTestId('profile-card')).toBeVisible();
});
