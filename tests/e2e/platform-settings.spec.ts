import { randomBytes } from 'node:crypto';
import { expect as baseExpect, test } from './support/fixtures.ts';

// Issue 19 (part B) as an administrator uses /platform-settings: SECURITY — change the password
// policy (a bad value first), see who expires when, remind one person; AUDIT_SCHEDULE — schedule a
// check, run it now, open the run and read its findings. Waits are for states, never for times.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

const DAY = 86_400_000;

test('an administrator changes the password policy, reminds someone, and runs a security audit', async ({
  page,
  db,
  createUser,
  signInAs,
}) => {
  const tag = randomBytes(3).toString('hex');
  // The policy is company-wide: put it back for the specs that run after this one.
  const restorePolicy = () =>
    db
      .deleteFrom('app_settings')
      .where('key', 'in', ['password.max_age_days', 'password.reminder_days'])
      .execute();
  try {
    await signInAs({ builtInRoles: ['admin'] });
    const person = await createUser({
      firstName: 'Lan',
      lastName: `Nguyen ${tag}`,
      email: `lan-${tag}@example.com`,
    });
    await db
      .updateTable('users')
      .set({ password_changed_at: new Date(Date.now() - 100 * DAY) })
      .where('id', '=', person.id)
      .execute();
    await db
      .insertInto('access_requests')
      .values({
        requester_id: person.id,
        path: '/asset-management',
        created_at: new Date(Date.now() - 10 * DAY),
      })
      .execute();

    // SECURITY: a reminder window as long as the maximum age is refused; a valid policy is saved.
    await page.goto('/platform-settings?category=SECURITY');
    const policy = page.getByTestId('password-policy-card');
    await expect(policy).toBeVisible();
    await policy.getByLabel('Maximum password age in days').fill('120');
    await policy.getByLabel('Remind this many days before expiry').fill('120');
    await policy.getByRole('button', { name: 'Save' }).click();
    await expect(policy.getByText('Reminder days must be less than the maximum password age')).toBeVisible();
    await policy.getByLabel('Remind this many days before expiry').fill('30');
    await policy.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The policy was saved')).toBeVisible();

    // Who expires when: 100 days into a 120-day policy with 30 days of reminders = expires soon.
    const expiries = page.getByTestId('password-expiries-card');
    await expiries.getByTestId('password-expiries-search').fill(tag);
    const row = expiries.getByRole('row', { name: new RegExp(`lan-${tag}@example.com`) });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('password-expiry-status')).toContainText('Expires soon');
    await expect(expiries.getByRole('row')).toHaveCount(2);
    await row.getByTestId('remind-one').click();
    await expect(page.getByText(`Reminder sent to`)).toBeVisible();
    await expect(row.getByTestId('password-expiry-status')).toContainText('Reminded on');

    // AUDIT_SCHEDULE: schedule the stale access request check weekly, run it now, open its findings.
    await page.getByRole('tab', { name: 'Audit schedule' }).click();
    await expect(page).toHaveURL(/category=AUDIT_SCHEDULE/);
    const checks = page.getByTestId('audit-schedule-card');
    const stale = checks.getByRole('row', { name: /Stale access requests/ });
    await stale.getByTestId('audit-edit-schedule').click();
    const dialog = page.getByRole('dialog', { name: /Schedule: Stale access requests/ });
    await expect(dialog.getByLabel('Frequency')).toHaveValue('Weekly');
    await dialog.getByTestId('audit-schedule-save').click();
    await expect(dialog).toBeHidden();
    await expect(stale.getByTestId('audit-schedule')).toContainText('Weekly · Next run');

    await stale.getByTestId('audit-run-now').click();
    await expect(page.getByText(/The audit found \d+ things? to look at/)).toBeVisible();
    await expect(stale.getByTestId('audit-last-run')).toContainText('Succeeded');
    const log = page.getByTestId('audit-run-log');
    await expect(log.getByRole('row').nth(1)).toContainText('Stale access requests');
    await expect(log.getByRole('row').nth(1)).toContainText('On demand');
    await log.getByTestId('audit-open-run').first().click();

    await expect(page).toHaveURL(/\/platform-settings\/audit-runs\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('audit-run-result')).toContainText('Succeeded');
    const finding = page
      .getByTestId('audit-findings')
      .getByRole('row', { name: new RegExp(`lan-${tag}@example.com`) });
    await expect(finding).toContainText('Waiting 10 days for access to /asset-management');
  } finally {
    await restorePolicy();
    await db.deleteFrom('security_audit_schedules').where('check', '=', 'STALE_ACCESS_REQUESTS').execute();
  }
});
