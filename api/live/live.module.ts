import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { LiveGateway } from './live.gateway';
import { MessageLogEntry } from './message-log.entity';
import { MessageLogService } from './message-log.service';

/** The message log and the /ws live channel. */
@Module({
  imports: [TypeOrmModule.forFeature([MessageLogEntry]), AccountsModule],
  providers: [MessageLogService, LiveGateway],
  exports: [MessageLogService, LiveGateway],
})
export class LiveModule {}
