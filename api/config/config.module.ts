import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig, loadConfig } from './app-config';

@Global()
@Module({})
export class ConfigModule {
  /** `config` lets tests and scripts pass an already-built configuration. */
  static forRoot(config?: AppConfig) {
    const value = config ?? loadConfig();
    return {
      module: ConfigModule,
      providers: [{ provide: APP_CONFIG, useValue: value }],
      exports: [APP_CONFIG],
    };
  }
}
