import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { configureApp } from './bootstrap';
import { ConfigError, loadConfig } from './config/app-config';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      for (const p of e.problems) console.error(`Configuration error: ${p}`);
      process.exit(1);
    }
    throw e;
  }
  // Body parsers are installed by configureApp (they keep req.rawBody for webhook signatures).
  const app = await NestFactory.create(AppModule.forRoot(config), { bodyParser: false, bufferLogs: true });
  configureApp(app, config);
  await app.listen(config.port, config.host);
  const url = config.database.url ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.database.dataDir}`;
  console.log(`\n  Rappel is running at http://localhost:${(app.getHttpServer().address() as { port: number }).port}  (database: ${url})\n`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
