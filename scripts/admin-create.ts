/**
 * npm run admin:create -- --username NAME --password PASS [--force]
 * Creates an administrator, or sets an existing administrator's password. An existing account
 * that is not an administrator is promoted only with --force (its sessions are revoked and its
 * unproved phone claim dropped). Uses the same
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
  if (!username || !password) {
    console.error('Usage: npm run admin:create -- --username NAME --password PASS');
    process.exit(2);
  }
  if (password.length < 8) {
    console.error('The password must be at least 8 characters.');
    process.exit(2);
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', DISPATCHER_ENABLED: 'false', ADMIN_USERNAME: '', ADMIN_PASSWORD: '' });
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['error', 'warn'] });
  try {
    const { created, promoted } = await app.get(AccountsService).ensureAdmin(username, password, { force: process.argv.includes('--force') });
    console.log(`Administrator "${username}" ${created ? 'created' : promoted ? 'promoted (sessions revoked) and password set' : 'password set'}.`);
  } finally {
    await app.close();
  }
}

main().catch((e) => {
  console.error(e.message ?? e);
  process.exit(1);
});
