import t from 'tap';
import { loadConfig } from '../../server/config.ts';

t.test('defaults make a working configuration', async (t) => {
  const config = loadConfig({});
  t.equal(config.PORT, 3000);
  t.equal(config.NODE_ENV, 'production');
  t.equal(config.publicUrl, 'http://localhost:3000');
  t.equal(config.DATABASE_URL, undefined, 'no URL means the embedded database');
});

t.test('a bad value stops start-up with a message naming the variable and what it expects', async (t) => {
  t.throws(() => loadConfig({ PORT: 'eighty' }), { name: 'ConfigError' });
  try {
    loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://db', JWT_SECRET: 'short', TRUST_PROXY: 'maybe' });
    t.fail('should throw');
  } catch (error) {
    const message = (error as Error).message;
    t.match(message, 'PORT="70000" is not valid: expected a port from 0 to 65535');
    t.match(message, 'DATABASE_URL="mysql://db" is not valid: expected a postgres:// URL');
    t.match(message, 'JWT_SECRET="short" is not valid: expected at least 32 characters');
    t.match(message, 'TRUST_PROXY="maybe" is not valid: expected true or false');
  }
  t.throws(
    () => loadConfig({ BACKOFFICE_ADMIN_PASSWORD: 'Secret123!' }),
    /BACKOFFICE_ADMIN_EMAIL is required/,
  );
});
