import { Module } from '@nestjs/common';
import { AccountsModule } from '../../../api/accounts/accounts.module';
import { LiveModule } from '../../../api/live/live.module';
import { SimulatorController } from './simulator.controller';
import { SimulatorChannel } from './simulator.channel';
import { SimulatorService } from './simulator.service';

/** The embedded chat channel (on unless SIMULATOR=off). Registers itself in ChannelRegistry. */
@Module({
  imports: [AccountsModule, LiveModule],
  controllers: [SimulatorController],
  providers: [SimulatorChannel, SimulatorService],
  exports: [SimulatorChannel, SimulatorService],
})
export class SimulatorModule {}
