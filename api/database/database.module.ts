import { DynamicModule, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { guardPooledClient } from './pool-client-guard';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { EmbeddedPostgres } from './embedded-postgres';
import { migrations } from './migrations';
import { NamingStrategy } from './naming-strategy';

export const DATABASE_URL = Symbol('DATABASE_URL');
export const EMBEDDED_POSTGRES = Symbol('EMBEDDED_POSTGRES');
const EMBEDDED = EMBEDDED_POSTGRES;

/**
 * DATABASE_URL set → that PostgreSQL; unset → embedded PGlite persisted under DATA_DIR/pg.
 * The same committed migrations run on both at start.
 */
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  private static readonly logger = new Logger('Database');

  constructor(
    @Inject(EMBEDDED) private readonly embedded: EmbeddedPostgres | null,
    private readonly dataSource: DataSource,
  ) {}

  static forRoot(): DynamicModule {
    const embeddedProvider = {
      provide: EMBEDDED,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig) => {
        if (config.database.url) return null;
        const location =
          config.database.dataDir === 'memory://' || path.basename(config.database.dataDir) === 'memory:'
            ? 'memory://'
            : path.join(config.database.dataDir, 'pg');
        const embedded = new EmbeddedPostgres(location, config.database.embeddedPort);
        await embedded.start();
        DatabaseModule.logger.log(`Embedded PostgreSQL (PGlite) at ${location} on ${embedded.url.split('@')[1]}`);
        return embedded;
      },
    };
    const urlProvider = {
      provide: DATABASE_URL,
      inject: [APP_CONFIG, EMBEDDED],
      useFactory: (config: AppConfig, embedded: EmbeddedPostgres | null) => config.database.url ?? embedded!.url,
    };
    const shared = { providers: [embeddedProvider, urlProvider], exports: [EMBEDDED, DATABASE_URL] };
    @Module(shared)
    class EmbeddedDatabaseModule {}

    return {
      module: DatabaseModule,
      global: true,
      imports: [
        EmbeddedDatabaseModule,
        TypeOrmModule.forRootAsync({
          imports: [EmbeddedDatabaseModule],
          inject: [APP_CONFIG, DATABASE_URL, EMBEDDED],
          useFactory: (config: AppConfig, url: string, embedded: EmbeddedPostgres | null) => ({
            type: 'postgres' as const,
            url,
            autoLoadEntities: true,
            synchronize: false,
            migrations,
            migrationsRun: true,
            migrationsTransactionMode: 'each' as const,
            namingStrategy: new NamingStrategy(),
            logging: config.database.logging,
            // PGlite serialises transactions, so a big pool only queues; real Postgres gets more.
            extra: { max: embedded ? 8 : 20, connectionTimeoutMillis: 10000, onConnect: guardPooledClient },
            retryAttempts: embedded ? 1 : 5,
          }),
        }),
      ],
      providers: [],
      exports: [EmbeddedDatabaseModule],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    // The pool must close before the embedded server it talks to.
    if (this.dataSource?.isInitialized) await this.dataSource.destroy().catch(() => undefined);
    await this.embedded?.stop();
  }
}
