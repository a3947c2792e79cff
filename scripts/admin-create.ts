/**
 * npm run admin:create -- --username NAME --password PASS [--role admin|support]
 * Creates a staff account (administrator by default; `--role support` for support staff), or gives
 * an existing account that role and sets its password. Uses the same
 * configuration as the server (DATABASE_URL, or the embedded database under DATA_DIR — stop the
 * server first when it uses the embedded one, which allows a single process).
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AccountsService } from '../api/accounts/accounts.service';
import { AppModule } from '../api/app.module';
import { loadConfig } from '../api/config/app-config';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const username = arg('username');
  const password = arg('password');
  const role = arg('role') ?? 'admin';
  if (!username || !password || (role !== 'admin' && role !== 'support')) {
    console.error('Usage: npm run admin:create -- --username NAME --password PASS [--role admin|support]');
    process.exit(2);
  }
  if (password.length < 8) {
    console.error('The password must be at least 8 characters.');
    process.exit(2);
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', DISPATCHER_ENABLED: 'false', ADMIN_USERNAME: '', ADMIN_PASSWORD: '' });
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['error', 'warn'] });
  try {
    const { created } = await app.get(AccountsService).ensureStaff(username, password, role);
    const who = role === 'admin' ? 'Administrator' : 'Support account';
    console.log(`${who} "${username}" ${created ? 'created' : `given the ${role} role, password set`}.`);
  } finally {
    await app.close();
  }
}

main().catch((e) => {
  console.error(e.message ?? e);
  process.exit(1);
});
