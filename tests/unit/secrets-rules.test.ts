import t from 'tap';
import i18next from 'i18next';
import en from '../../shared/i18n/en/errors.json' with { type: 'json' };
import {
  currentOtp,
  keyFileProblems,
  passcodeProblems,
  recoveryKeyProblems,
  secretContentProblems,
} from '../../shared/rules/secrets.ts';

/**
 * The browser-side rules of the vault: passcodes and recovery keys never reach the server, and
 * secret contents arrive encrypted, so these messages come from the shared rules (section 5 and 8).
 */
const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', resources: { en: { errors: en } }, interpolation: { escapeValue: false } });
const message = (problem: { code: string; params?: Record<string, unknown> }) =>
  i18n.t(`errors:validation.${problem.code}`, problem.params ?? {});

t.test('passcode: six digits, confirmed', async (t) => {
  t.same(passcodeProblems('123456', '123456'), []);
  t.equal(message(passcodeProblems('12345a')[0]!), 'Invalid passcode. Please try again');
  t.equal(message(passcodeProblems('123456', '654321')[0]!), 'Passcode does not match');
  t.equal(message(passcodeProblems('')[0]!), 'This field is required');
});

t.test('recovery key typed back: length, however it is grouped', async (t) => {
  t.same(recoveryKeyProblems('ABCD-EFGH-JKLM-NPQR-STUV-WXYZ-2345-6789'), []);
  t.equal(message(recoveryKeyProblems('ABCD-EFGH')[0]!), 'Input must be 32 characters long');
});

t.test("OTP: a bad secret is 'Invalid OTP secret'; a good one gives a live 6-digit code", async (t) => {
  const problems = secretContentProblems('SSH_KEY', { longText: 'key', otp: 'not a secret!' });
  t.equal(message(problems[0]!), 'Invalid OTP secret');
  const code = currentOtp('JBSWY3DPEHPK3PXPJBSWY3DP', 0);
  t.match(code, { code: /^\d{6}$/, secondsLeft: 30 });
  t.same(
    secretContentProblems('SSH_KEY', { longText: 'key', otp: 'JBSWY3DPEHPK3PXPJBSWY3DP', port: '22' }),
    [],
  );
  t.equal(
    message(secretContentProblems('SSH_KEY', { longText: 'key', port: '70000' })[0]!),
    'Invalid number',
  );
  t.equal(message(secretContentProblems('K8S_KEY', {})[0]!), 'This field is required');
});

t.test('private key files: .pem, .key, .txt up to 1MB', async (t) => {
  t.same(keyFileProblems({ name: 'id.PEM', size: 1024 }), []);
  t.equal(message(keyFileProblems({ name: 'id.exe', size: 10 })[0]!), 'Unsupported file type.');
  t.equal(
    message(keyFileProblems({ name: 'id.key', size: 1024 * 1024 + 1 })[0]!),
    'File size exceeds the maximum limit of 1MB.',
  );
});
